import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authValue, signedIn } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import { MainNav } from './main-nav';

const FIRST_COURSE = '/global-kardec/conheca-o-espiritismo';

function renderNav(options: Parameters<typeof renderWithRouter>[1] = {}) {
  return renderWithRouter(
    <MainNav
      firstCoursePath={FIRST_COURSE}
      authAction={<button type="button">Acessar</button>}
      markCurrentPage
    />,
    options,
  );
}

describe('MainNav', () => {
  it('shows Início, Global Kardec (first course), Contato and Acessar when signed out', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Início', '/'],
      ['Global Kardec', FIRST_COURSE],
      ['Contato', '/contato'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Acessar' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Perfil' })).not.toBeInTheDocument();
  });

  it('shows Perfil when signed in', () => {
    renderNav({ auth: signedIn() });
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/perfil');
    expect(within(nav).queryByRole('link', { name: 'Equipe' })).not.toBeInTheDocument();
  });

  it('shows Equipe to staff only', () => {
    renderNav({ auth: authValue({ status: 'signed-in', staffRoles: ['secretaria'] }) });
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Equipe' })).toHaveAttribute('href', '/equipe');
  });

  it('marks the current page', () => {
    renderNav({ url: '/contato' });
    expect(screen.getByRole('link', { name: 'Contato' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('marks the current page when the address ends with a slash', () => {
    renderNav({ url: '/contato/', path: '/contato' });
    expect(screen.getByRole('link', { name: 'Contato' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks nothing on the 404 page, whatever the address', () => {
    renderNav({ url: '/contato/nao-existe', path: '*' });
    for (const link of screen.getAllByRole('link'))
      expect(link).not.toHaveAttribute('aria-current');
  });
});
