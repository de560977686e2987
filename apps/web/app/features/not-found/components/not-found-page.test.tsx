import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it("says 'Página Não Encontrada' and leads back to the home page", () => {
    renderWithRouter(<NotFoundPage />, { url: '/qualquer/coisa', path: '*' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });
});
