/**
 * An enrolment's QR code (decision 097), drawn on the server only: as modules for 'Minhas
 * inscrições' (the page draws them, with no QR library in the browser) and as a PNG for the
 * confirmation e-mail. The code holds the enrolment's random token and nothing else.
 */
import type { CheckInCode } from '@centro/contracts';
import QRCode from 'qrcode';

/** 'M' (15 % of the code can be lost): a crumpled print or a cracked screen still reads. */
const ERROR_CORRECTION = 'M';

/** The token's QR code as rows of '1' (dark) and '0' (light), without the quiet zone. */
export function checkInCode(token: string): CheckInCode {
  const { modules } = QRCode.create(token, { errorCorrectionLevel: ERROR_CORRECTION });
  const rows: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    let row = '';
    for (let x = 0; x < modules.size; x++) row += modules.get(y, x) ? '1' : '0';
    rows.push(row);
  }
  return { token, modules: rows };
}

/** `checkInCode` of a place's token; null without one. */
export function checkInCodeOf(token: string | undefined): CheckInCode | null {
  return token === undefined ? null : checkInCode(token);
}

/** The token's QR code as a PNG (black on white, its quiet zone included), about 260 px wide. */
export function checkInPng(token: string): Promise<Buffer> {
  return QRCode.toBuffer(token, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: 4,
    scale: 8,
  });
}
