import { SignedInPage } from '~/components/signed-in-page';
import { ProfilePage } from '~/features/profile/components/profile-page';
import { noIndex } from '~/lib/seo';

/** No title here: it depends on the auth state, so the screen sets it. */
export const meta = () => [noIndex];

/** Signed in only; anyone else gets the 404 page. Not prerendered: served as the client-rendered shell. */
export default function Screen() {
  return (
    <SignedInPage title="Perfil">
      <ProfilePage />
    </SignedInPage>
  );
}
