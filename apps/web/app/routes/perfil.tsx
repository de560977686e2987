/** /perfil (spec sections 2 and 4): the profile screen, for a signed-in person only. */
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { ProfilePage } from '~/features/profile/components/profile-page';

export const meta = signedInMeta;

/** Signed in only; anyone else gets the 404 page. Not prerendered: served as the client-rendered shell. */
export default signedInScreen('Perfil', ProfilePage);
