import { SignedInOnly } from '~/auth/signed-in-only';
import { DocumentTitle } from '~/components/document-title';
import { NOT_FOUND_TITLE, NotFoundPage } from '~/features/not-found/components/not-found-page';
import { ProfilePage } from '~/features/profile/components/profile-page';
import { noIndex } from '~/lib/seo';

/** No title here: it depends on the auth state, so the screen sets it. */
export const meta = () => [noIndex];

/** Signed in only; anyone else gets the 404 page. Not prerendered: served as the client-rendered shell. */
export default function Screen() {
  return (
    <SignedInOnly
      fallback={
        <>
          <DocumentTitle title={NOT_FOUND_TITLE} />
          <NotFoundPage />
        </>
      }
    >
      <DocumentTitle title="Perfil" />
      <ProfilePage />
    </SignedInOnly>
  );
}
