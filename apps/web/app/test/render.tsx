import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext } from '~/auth/auth-context';
import type { AuthContextValue } from '~/auth/types';
import { authValue } from './auth';

interface TestRenderOptions {
  /** The address shown. */
  url?: string;
  /** The route pattern matching it (defaults to the address; '*' for the 404 route). */
  path?: string;
  /** The auth state the screens read (signed out by default). */
  auth?: AuthContextValue;
}

/** Renders a component inside a data router and an auth context (signed out by default). */
export function renderWithRouter(
  ui: ReactNode,
  { url = '/', path, auth = authValue() }: TestRenderOptions = {},
) {
  const router = createMemoryRouter(
    [{ path: path ?? url, element: <AuthContext value={auth}>{ui}</AuthContext> }],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
