/**
 * What a certificate of completion says (decision 094), and what its public check says: pure
 * text from the facts, so the PDF (certificate-pdf.ts) and the page only lay it out. pt-BR as the
 * person reads it: dates DD/MM/AAAA, hours in words.
 */
import { formatDate, wallClockAt } from '@centro/content';
import type { CertificateCheck } from '@centro/contracts';

/** What the certificate is made from. */
export interface CertificateFacts {
  /** The centre's name (content's `centre.name`). */
  centreName: string;
  personName: string;
  courseTitle: string;
  programmeName: string;
  /** The class's name ('Turma 2027/1'). */
  className: string;
  /** The first and the last meeting, YYYY-MM-DD. */
  firstMeeting: string;
  lastMeeting: string;
  /** The class's meetings when it was concluded, and each one's length. */
  meetings: number;
  durationMinutes: number;
  /** When the completion was given (UTC ISO-8601). */
  concludedAt: string;
  code: string;
  /** The absolute address where the code is checked. */
  verifyUrl: string;
}

/** The certificate's text, top to bottom. */
export interface CertificateText {
  heading: string;
  /** "<centre> certifica que" */
  centre: string;
  intro: string;
  name: string;
  completed: string;
  course: string;
  /** The class, its dates and its hours. */
  details: string[];
  concluded: string;
  code: string;
  verify: string;
  /** The downloaded file's name (ASCII). */
  fileName: string;
}

/** The date (YYYY-MM-DD) of an instant in São Paulo, where the centre is. */
export function localDate(instant: string): string {
  const at = wallClockAt(instant);
  return `${at.year}-${at.month}-${at.day}`;
}

/** 900 → "15 horas"; 60 → "1 hora"; 750 → "12 horas e 30 minutos"; 45 → "45 minutos". */
export function hoursText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 hora' : `${hours} horas`;
  const m = rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} e ${m}`;
}

/** "de 06/03/2027 a 08/05/2027", or "em 06/03/2027" for one day. */
export function periodText(first: string, last: string): string {
  return first === last
    ? `em ${formatDate(first)}`
    : `de ${formatDate(first)} a ${formatDate(last)}`;
}

/** "Conheça o Espiritismo" → "conheca-o-espiritismo": a file name's ASCII words. */
function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function certificateText(facts: CertificateFacts): CertificateText {
  const meetings = facts.meetings === 1 ? '1 encontro' : `${facts.meetings} encontros`;
  return {
    heading: 'Certificado de conclusão',
    centre: facts.centreName,
    intro: 'certifica que',
    name: facts.personName,
    completed: 'concluiu o curso',
    course: facts.courseTitle,
    details: [
      `do programa ${facts.programmeName}, na ${facts.className},`,
      `com ${meetings} ${periodText(facts.firstMeeting, facts.lastMeeting)}, num total de ${hoursText(facts.meetings * facts.durationMinutes)}.`,
    ],
    concluded: `Concluído em ${formatDate(localDate(facts.concludedAt))}.`,
    code: `Código de verificação: ${facts.code}`,
    verify: `Confira a validade deste certificado em ${facts.verifyUrl}`,
    fileName: `certificado-${slugOf(facts.courseTitle)}-${slugOf(facts.className)}.pdf`,
  };
}

/** What the public page says about a code: its heading and its sentences. */
export interface CheckText {
  title: string;
  paragraphs: string[];
  /** The facts a valid certificate names, as label and value. */
  facts: [string, string][];
}

/** The page for a code that was issued: valid ('Certificado válido'), or withdrawn. */
export function checkText(check: CertificateCheck): CheckText {
  if (!check.valid) {
    return {
      title: 'Certificado inválido',
      paragraphs: [
        `O certificado de código ${check.code} não é mais válido: a conclusão do curso a que ele se refere foi retirada pela coordenação do centro.`,
      ],
      facts: [],
    };
  }
  return {
    title: 'Certificado válido',
    paragraphs: [`O certificado de código ${check.code} é válido. Ele foi emitido para:`],
    facts: [
      ['Nome', check.name],
      ['Curso', check.course],
      ['Concluído em', formatDate(check.concludedOn)],
    ],
  };
}

/** The page for a code that names no certificate (mistyped, or never issued). */
export function unknownCodeText(typed: string): CheckText {
  const shown = typed.length > 40 ? `${typed.slice(0, 40)}…` : typed;
  return {
    title: 'Certificado não encontrado',
    paragraphs: [
      `Não há certificado com o código ${shown}. Confira se ele foi digitado como está impresso no certificado (quatro grupos de quatro letras e números, separados por hífens).`,
    ],
    facts: [],
  };
}
