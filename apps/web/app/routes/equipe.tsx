/** /equipe: the staff area, for Coordenação and Secretaria; a 404 for anyone else. */
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { StaffArea } from '~/features/staff/components/staff-area';

export const meta = signedInMeta;

/** Signed in only; the staff area itself checks the role (and sets the title). Not prerendered. */
export default signedInScreen(null, StaffArea);
