/**
 * Decodes a PNG far enough to know it is a whole, readable image: the signature, every chunk's
 * CRC, the header's size and format, and the compressed pixels inflating to exactly the rows that
 * size needs. What a link preview's crawler does before it shows the picture.
 */
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels per colour type (PNG spec, 11.2.2). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngImage {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

export function decodePng(data: Buffer): PngImage {
  if (data.length < 8 || !data.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let header: PngImage | undefined;
  const pixels: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= data.length && !ended) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw new Error(`PNG chunk ${type} is cut short`);
    const crc = data.readUInt32BE(offset + 8 + length);
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== crc) {
      throw new Error(`PNG chunk ${type} has a wrong CRC`);
    }
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body.readUInt8(8),
        colourType: body.readUInt8(9),
      };
    } else if (type === 'IDAT') {
      pixels.push(body);
    } else if (type === 'IEND') {
      ended = true;
    }
    offset += 12 + length;
  }
  if (!header || !ended) throw new Error('PNG without header or end');
  const channels = CHANNELS[header.colourType];
  if (channels === undefined) throw new Error(`PNG colour type ${header.colourType} unknown`);
  const rowBytes = 1 + Math.ceil((header.width * channels * header.bitDepth) / 8);
  const inflated = inflateSync(Buffer.concat(pixels));
  if (inflated.length !== rowBytes * header.height) {
    throw new Error(`PNG pixels: ${inflated.length} bytes, expected ${rowBytes * header.height}`);
  }
  return header;
}
