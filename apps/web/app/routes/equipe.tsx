/** /equipe: the staff area, for Coordenação and Secretaria; a 404 for anyone else. */
import { lazy } from 'react';
import { signedInMeta, signedInScreen } from '~/components/signed-in-page';
import { StaffArea } from '~/features/staff/components/staff-area';

/** 'Relatórios' and its chart library: loaded when Coordenação opens it, never before. */
const ReportsView = lazy(() => import('~/features/reports/components/reports-view'));

function Equipe() {
  return <StaffArea reports={ReportsView} />;
}

export const meta = signedInMeta;

/** Signed in only; the staff area itself checks the role (and sets the title). Not prerendered. */
export default signedInScreen(null, Equipe);
