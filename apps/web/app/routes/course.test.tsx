import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCoursePage } from '~/features/courses/data.server';
import { authValue, signedIn } from '~/test/auth';
import { renderWithRouter } from '~/test/render';
import type { Route } from './+types/course';
import Screen from './course';

/** The route's screen with the data its loader gives the /global-kardec/passe page. */
function renderCourse(auth = authValue()) {
  const props = { loaderData: getCoursePage('/global-kardec/passe') } as Route.ComponentProps;
  return renderWithRouter(<Screen {...props} />, { url: '/global-kardec/passe', auth });
}

beforeEach(() =>
  vi.stubGlobal('fetch', async () =>
    Response.json({ courses: { passe: { places: 40, placesLeft: 12 } } }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('the course route', () => {
  it("offers 'Quero me inscrever' when signed out, which starts the account creation", async () => {
    const auth = authValue();
    renderCourse(auth);
    await userEvent.click(screen.getByRole('button', { name: 'Quero me inscrever' }));
    expect(auth.signUp).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Finalizar inscrição' })).not.toBeInTheDocument();
  });

  it("offers 'Finalizar inscrição' when signed in", () => {
    renderCourse(signedIn());
    expect(screen.getByRole('button', { name: 'Finalizar inscrição' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quero me inscrever' })).not.toBeInTheDocument();
  });
});
