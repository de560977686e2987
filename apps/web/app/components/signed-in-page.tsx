/**
 * Screens for a signed-in person only (/perfil, the enrolment confirmations and /equipe, the
 * specification's section 2 and the staff area): anyone else gets the 404 page, as if the route did not exist. The title is
 * set by the screen because it depends on the auth state, which a route's meta function cannot know;
 * the head only keeps the page out of search engines.
 */
import type { ComponentType } from 'react';
import { SignedInOnly } from '~/auth/signed-in-only';
import { noIndex } from '~/lib/seo';
import { DocumentTitle } from './document-title';
import { NOT_FOUND_TITLE, NotFoundPage } from './errors/error-pages';

/** The route's `meta`: no title here (the screen sets it), not indexed. */
export const signedInMeta = () => [noIndex];

/** The 404 page with its title, for a screen this person may not see. */
export function NotFoundScreen() {
  return (
    <>
      <DocumentTitle title={NOT_FOUND_TITLE} />
      <NotFoundPage />
    </>
  );
}

/**
 * The route's default export: `Page` under `title` for a signed-in person, the 404 page otherwise.
 * `title` null: the page sets its own (the staff area, which is a 404 for a participant too).
 */
export function signedInScreen(title: string | null, Page: ComponentType) {
  return function SignedInScreen() {
    return (
      <SignedInOnly fallback={<NotFoundScreen />}>
        {title !== null && <DocumentTitle title={title} />}
        <Page />
      </SignedInOnly>
    );
  };
}
