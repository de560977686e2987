/**
 * /perfil (spec sections 2 and 4): the registration form, then the person's own space:
 * 'Minhas inscrições' and 'Meus dados', composed here from their features.
 */
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { MyData } from '~/features/participant/components/my-data';
import { MyEnrolments } from '~/features/participant/components/my-enrolments';
import { ProfilePage } from '~/features/profile/components/profile-page';

export const meta = signedInMeta;

function ProfileScreen() {
  return (
    <>
      <ProfilePage />
      <div className="page">
        <MyEnrolments />
        <MyData />
      </div>
    </>
  );
}

/** Signed in only; anyone else gets the 404 page. Not prerendered: served as the client-rendered shell. */
export default signedInScreen('Perfil', ProfileScreen);
