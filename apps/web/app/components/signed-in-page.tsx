/**
 * A screen for a signed-in person only (/perfil and the enrolment confirmations, spec section 2):
 * anyone else gets the 404 page, as if the route did not exist. The title is set here because it
 * depends on the auth state, which a route's meta function cannot know.
 */
import type { ReactNode } from 'react';
import { SignedInOnly } from '~/auth/signed-in-only';
import { DocumentTitle } from './document-title';
import { NOT_FOUND_TITLE, NotFoundPage } from './errors/error-pages';

export function SignedInPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedInOnly
      fallback={
        <>
          <DocumentTitle title={NOT_FOUND_TITLE} />
          <NotFoundPage />
        </>
      }
    >
      <DocumentTitle title={title} />
      {children}
    </SignedInOnly>
  );
}
