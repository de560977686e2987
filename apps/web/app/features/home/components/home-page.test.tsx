import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { getHomePage } from '../data.server';
import { HomePage } from './home-page';

describe('HomePage', () => {
  const { page } = getHomePage();

  it("introduces the centre with a 'Saiba mais' link", () => {
    renderWithRouter(<HomePage {...page} />);
    expect(screen.getByRole('heading', { level: 1, name: page.centreName })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saiba mais' })).toHaveAttribute('href', '/saiba-mais');
  });

  it("shows the Global Kardec banner, its image first, with 'Iniciar Matrícula' to the first course", () => {
    renderWithRouter(<HomePage {...page} />);
    expect(screen.getByRole('link', { name: 'Iniciar Matrícula' })).toHaveAttribute(
      'href',
      '/global-kardec/conheca-o-espiritismo',
    );
    const banner = screen.getByRole('img', { name: page.banner.image.alt });
    expect(banner).toHaveAttribute('fetchpriority', 'high');
    expect(banner).not.toHaveAttribute('loading');
  });

  it('points to the Escola de Médiuns and the schedule', () => {
    renderWithRouter(<HomePage {...page} />);
    expect(screen.getByRole('link', { name: /Escola de Médiuns/ })).toHaveAttribute(
      'href',
      '/escola-de-mediuns',
    );
    expect(screen.getByRole('link', { name: 'Ver os horários' })).toHaveAttribute(
      'href',
      '/horarios',
    );
  });
});
