import { SignedInOnly } from '~/auth/signed-in-only';
import { DocumentTitle } from '~/components/document-title';
import { ConfirmationPage } from '~/features/enrolment/components/confirmation-page';
import { NOT_FOUND_TITLE, NotFoundPage } from '~/features/not-found/components/not-found-page';
import { noIndex } from '~/lib/seo';

/** No title here: it depends on the auth state, so the screen sets it. */
export const meta = () => [noIndex];

/**
 * One module for both confirmation pages (/global-kardec/matricula-finalizada and
 * /escola-de-mediuns/matricula-finalizada). Signed in only; anyone else gets the 404 page.
 */
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
      <DocumentTitle title="Inscrição Confirmada" />
      <ConfirmationPage />
    </SignedInOnly>
  );
}
