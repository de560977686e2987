/** The certificate's PDF (decision 094): one A4 page whatever the name's length, accents kept. */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { certificateText } from './certificate-content.js';
import { certificatePdf } from './certificate-pdf.js';

const facts = {
  centreName: 'Centro Espírita Caminho da Luz',
  personName: 'Conceição Araújo',
  courseTitle: 'Conheça o Espiritismo',
  programmeName: 'Global Kardec',
  className: 'Turma 2027/1',
  firstMeeting: '2027-03-06',
  lastMeeting: '2027-05-08',
  meetings: 10,
  durationMinutes: 90,
  concludedAt: '2027-05-08T22:00:00.000Z',
  code: 'K7QM-3XPA-9T2C-HDRW',
  verifyUrl: 'https://www.centro.org.br/certificados/K7QM-3XPA-9T2C-HDRW',
};

async function read(facts: Parameters<typeof certificateText>[0]) {
  const bytes = await certificatePdf(certificateText(facts), facts.centreName);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const page = await pdf.getPage(1);
  const [, , width, height] = page.view;
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, width, height, text: text.replace(/\s+/g, ' ') };
}

describe('the certificate as a PDF', () => {
  it('is one A4 page, landscape, its text as written', async () => {
    const { pages, width, height, text } = await read(facts);
    expect(pages).toBe(1);
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([842, 595]);
    expect(text).toContain('Certificado de conclusão');
    expect(text).toContain('Conceição Araújo');
    expect(text).toContain('Conheça o Espiritismo');
    expect(text).toContain('num total de 15 horas');
    expect(text).toContain('Código de verificação: K7QM-3XPA-9T2C-HDRW');
  });

  it('stays on one page with a very long name and course', async () => {
    const long = 'Maria da Conceição Aparecida de Souza Araújo Guimarães Figueiredo'.repeat(2);
    const { pages, text } = await read({
      ...facts,
      personName: long,
      courseTitle: `${facts.courseTitle} ${'e a Prática do Evangelho no Lar '.repeat(3)}`,
    });
    expect(pages).toBe(1);
    expect(text).toContain(long);
  });
});
