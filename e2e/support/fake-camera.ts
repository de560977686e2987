/**
 * A QR code as Chromium's fake camera sees it (decision 097): a Y4M file (raw YUV 4:2:0 frames, which
 * `--use-file-for-fake-video-capture` plays in a loop), drawn here from the code's modules, so the
 * test needs no image tool.
 */
import { writeFile } from 'node:fs/promises';

const SIDE = 480;

/** Writes `modules` ('1' dark, '0' light per row) as a few frames of a 480 × 480 video. */
export async function writeQrVideo(file: string, modules: readonly string[]): Promise<void> {
  const count = modules.length + 8;
  const scale = Math.floor(SIDE / count);
  const offset = Math.floor((SIDE - count * scale) / 2) + 4 * scale;
  const luma = Buffer.alloc(SIDE * SIDE, 235);
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] !== '1') continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (offset + y * scale + dy) * SIDE + offset + x * scale;
        luma.fill(16, start, start + scale);
      }
    }
  });
  const chroma = Buffer.alloc((SIDE / 2) * (SIDE / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${SIDE} H${SIDE} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, frame, frame, frame]));
}
