/**
 * The certificate as a PDF (decision 094): one A4 page, landscape, made with pdfkit from the text
 * of certificate-content.ts. The standard fonts (Helvetica, Times) are in every PDF reader and
 * encode every letter of Portuguese (WinAnsi); no font file ships. A line that would not fit (a
 * long name or course) is set smaller rather than wrapped, so the page never overflows onto a
 * second one.
 */
import PDFDocument from 'pdfkit';
import type { CertificateText } from './certificate-content.js';

const BLUE = '#1f3a5f';
const GOLD = '#e0a526';
const MUTED = '#4a5566';

/** Renders the certificate; resolves with the PDF's bytes. */
export function certificatePdf(text: CertificateText, author: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${text.heading}: ${text.course}`, Author: author, Subject: text.name },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = 64;
  doc
    .lineWidth(6)
    .strokeColor(BLUE)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(2)
    .strokeColor(GOLD)
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  const columnWidth = width - 2 * inner - 40;
  const x = inner + 20;
  /** One centred line, set smaller until it fits on one line. */
  const line = (value: string, font: string, size: number, color: string, gap: number) => {
    let fontSize = size;
    doc.font(font);
    while (fontSize > 8 && doc.fontSize(fontSize).widthOfString(value) > columnWidth) {
      fontSize -= 1;
    }
    doc
      .fillColor(color)
      .text(value, x, y, { width: columnWidth, align: 'center', lineBreak: false });
    y += doc.currentLineHeight(true) + gap;
  };

  let y = 84;
  line(text.centre.toUpperCase(), 'Helvetica-Bold', 14, MUTED, 18);
  line(text.heading, 'Times-Bold', 40, BLUE, 22);
  line(text.intro, 'Helvetica', 15, MUTED, 10);
  line(text.name, 'Times-BoldItalic', 32, BLUE, 12);
  line(text.completed, 'Helvetica', 15, MUTED, 10);
  line(text.course, 'Times-Bold', 26, BLUE, 14);
  for (const detail of text.details) line(detail, 'Helvetica', 13, '#1c2633', 4);
  y += 8;
  line(text.concluded, 'Helvetica', 13, '#1c2633', 0);

  y = height - 118;
  doc
    .lineWidth(1)
    .strokeColor(GOLD)
    .moveTo(x + 120, y)
    .lineTo(x + columnWidth - 120, y)
    .stroke();
  y += 12;
  line(text.code, 'Helvetica-Bold', 12, BLUE, 4);
  line(text.verify, 'Helvetica', 10, MUTED, 0);

  doc.end();
  return done;
}
