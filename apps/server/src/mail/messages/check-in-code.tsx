/**
 * The enrolment's QR code in its confirmation (decision 097): a PNG attached with a Content-ID and
 * shown by `cid:`, which mail programs display inline (Gmail and Outlook block `data:` images), with
 * a sentence for whoever reads the plain text or hides images.
 */
import type { MailAttachment } from '../types.js';
import { Paragraph } from './layout.js';

const CID = 'qr-presenca@centro';

export const CHECK_IN_SENTENCE =
  'No dia do encontro, mostre este QR code na entrada para marcar sua presença. Ele também está em "Minhas inscrições", no site, e pode ser impresso.';

export const CHECK_IN_TEXT =
  'No dia do encontro, mostre na entrada o QR code desta mensagem (ou o de "Minhas inscrições", no site) para marcar sua presença.';

export function CheckInCode() {
  return (
    <>
      <Paragraph>{CHECK_IN_SENTENCE}</Paragraph>
      <p style={{ margin: '0 0 16px', textAlign: 'center' }}>
        <img
          src={`cid:${CID}`}
          width={200}
          height={200}
          alt="QR code da sua inscrição, para marcar presença"
          style={{ display: 'inline-block', border: 0 }}
        />
      </p>
    </>
  );
}

/** The PNG (base64) as an inline attachment. */
export function checkInAttachment(pngBase64: string): MailAttachment {
  return {
    filename: 'qr-presenca.png',
    contentType: 'image/png',
    content: pngBase64,
    encoding: 'base64',
    cid: CID,
  };
}
