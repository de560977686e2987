import { SignedInPage } from '~/components/signed-in-page';
import { ConfirmationPage } from '~/features/enrolment/components/confirmation-page';
import { noIndex } from '~/lib/seo';

/** No title here: it depends on the auth state, so the screen sets it. */
export const meta = () => [noIndex];

/**
 * One module for both confirmation pages (/global-kardec/matricula-finalizada and
 * /escola-de-mediuns/matricula-finalizada). Signed in only; anyone else gets the 404 page.
 */
export default function Screen() {
  return (
    <SignedInPage title="Inscrição Confirmada">
      <ConfirmationPage />
    </SignedInPage>
  );
}
