import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext } from '~/auth/auth-context';
import type { AuthContextValue } from '~/auth/types';
import { getShellData } from '~/features/layout/data.server';
import { authValue, signedIn } from '~/test/auth';
import App from './root';

/** The root route as the app composes it: navigation bar, page, footer, one auth state. */
function renderApp(auth: AuthContextValue, url = '/') {
  const shell = getShellData();
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => shell,
        element: (
          <AuthContext value={auth}>
            <App />
          </AuthContext>
        ),
        children: [{ index: true, element: <h1>Início</h1> }],
      },
    ],
    { initialEntries: [url], hydrationData: { loaderData: { root: shell } } },
  );
  render(<RouterProvider router={router} />);
  return shell;
}

describe('App', () => {
  it("has a skip link, the menu with 'Acessar', the page in <main> and the footer, signed out", () => {
    const shell = renderApp(authValue());
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      '#conteudo',
    );
    const nav = within(screen.getByRole('navigation', { name: 'Principal' }));
    expect(nav.getByRole('link', { name: 'Global Kardec' })).toHaveAttribute(
      'href',
      shell.firstCoursePath,
    );
    expect(nav.getByRole('button', { name: 'Acessar' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Perfil' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Início' })).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${shell.site.portalName} 2025`);
  });

  it("shows 'Perfil' and 'Sair' to a signed-in person", () => {
    renderApp(signedIn());
    const nav = within(screen.getByRole('navigation', { name: 'Principal' }));
    expect(nav.getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/perfil');
    expect(nav.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Acessar' })).not.toBeInTheDocument();
  });
});

describe('route modules', () => {
  it('declare no links of their own: the built layout renders no <Links /> (decision 010)', () => {
    const sources = import.meta.glob<string>(['./root.tsx', './routes/*.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/export\s+(const|function|let)\s+links\b/);
    }
  });
});
