/** Reads a QR code from a PNG the way a phone would, for the tests of check-in codes (decision 097). */
import jsqr from 'jsqr';
import sharp from 'sharp';

// jsQR is CommonJS: Node's types see its namespace, vitest hands over the function itself.
const jsQR = ((jsqr as unknown as { default?: unknown }).default ?? jsqr) as typeof jsqr.default;

/** The text of the QR code in `png`; undefined when none is found. */
export async function readQrCode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
