import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { ErrorPage, NotFoundPage } from './error-pages';

describe('NotFoundPage', () => {
  it("says 'Página Não Encontrada' and leads back to the home page", () => {
    renderWithRouter(<NotFoundPage />, { url: '/qualquer/coisa', path: '*' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it("says 'Algo deu errado' on a failure, with no 404 code, and leads back home", () => {
    renderWithRouter(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.queryByText('404')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });
});
