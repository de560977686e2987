/** The enrolment confirmation pages (spec section 2), for a signed-in person only. */
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { ConfirmationPage } from '~/features/enrolment/components/confirmation-page';

export const meta = signedInMeta;

/**
 * One module for both confirmation pages (/global-kardec/matricula-finalizada and
 * /escola-de-mediuns/matricula-finalizada). Signed in only; anyone else gets the 404 page.
 */
export default signedInScreen('Inscrição Confirmada', ConfirmationPage);
