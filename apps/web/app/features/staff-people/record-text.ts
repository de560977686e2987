/**
 * The record of staff actions in words, pure: what a row says was done ('Viu a visão geral dos
 * cursos (3×)', 'Concedeu uma função (Secretaria)'), when, and what a settings change changed, each
 * field by its form's name with its value before and after.
 */
import type { StaffCourseSettings, StaffSettingChange } from '@centro/contracts';
import { actionLabels, roleLabels, settingLabels } from '~/lib/staff/copy';
import { formatDateTime } from '~/lib/staff/format';

/** What a row of the record needs. */
export interface RecordRow {
  action: string;
  at: string;
  lastAt: string;
  count: number;
  details: Record<string, unknown>;
}

/**
 * The action in words, with its role, meeting and repetitions; a content save names the page by the
 * name the 'Conteúdo' section gives it (a course by its title, from `courseTitles` by slug).
 */
export function actionText(
  row: RecordRow,
  courseTitles: ReadonlyMap<string, string> = new Map(),
): string {
  const label = (actionLabels as Record<string, string>)[row.action] ?? 'Ação desconhecida';
  const extra: string[] = [];
  const role = row.details.role;
  if (role === 'coordenacao' || role === 'secretaria' || role === 'comunicacao') {
    extra.push(roleLabels[role]);
  }
  const meeting = row.details.meeting;
  if (typeof meeting === 'number') extra.push(`${meeting}º encontro`);
  const recipients = row.details.recipients;
  if (typeof recipients === 'number') {
    extra.push(`${recipients} ${recipients === 1 ? 'pessoa' : 'pessoas'}`);
  }
  if (row.action === 'content.save') extra.push(...contentSaveDetails(row.details, courseTitles));
  // A conclusion before the last meeting, and a reopening, say what they did (decision 077).
  const { meetingsRemaining, withdrawn } = row.details;
  if (typeof meetingsRemaining === 'number') {
    extra.push(
      `${meetingsRemaining} ${meetingsRemaining === 1 ? 'encontro ainda por vir' : 'encontros ainda por vir'}`,
    );
  }
  if (typeof withdrawn === 'number') {
    extra.push(`${withdrawn} ${withdrawn === 1 ? 'resultado retirado' : 'resultados retirados'}`);
  }
  if (row.action === 'term.prepare') extra.push(...termDetails(row.details));
  if (row.count > 1) extra.push(`${row.count}×`);
  return extra.length > 0 ? `${label} (${extra.join(', ')})` : label;
}

/** 'Preparar próximo semestre': the term, the classes created and the courses already prepared. */
function termDetails({ term, created, skipped }: Record<string, unknown>): string[] {
  if (typeof term !== 'string' || typeof created !== 'number') return [];
  const parts = [term, `${created} ${created === 1 ? 'turma criada' : 'turmas criadas'}`];
  if (typeof skipped === 'number' && skipped > 0) {
    parts.push(`${skipped} ${skipped === 1 ? 'curso já preparado' : 'cursos já preparados'}`);
  }
  return parts;
}

const DOCUMENT_NAMES: Readonly<Record<string, string>> = {
  schedule: 'Horários',
  notices: 'Avisos',
  photos: 'Fotos',
  contact: 'Contato',
  home: 'Página inicial',
  about: 'Saiba mais',
};

/** What restoring revision 0 brought back, by document. */
const ORIGINAL_NAMES: Readonly<Record<string, string>> = {
  schedule: 'os horários originais',
  notices: 'os avisos originais (nenhum)',
  photos: 'as ilustrações originais',
  contact: 'o contato original',
};

/** A course's title from its page's path ('/global-kardec/passe'), else the path. */
function courseName(path: string, courseTitles: ReadonlyMap<string, string>): string {
  const slug = path.split('/').at(-1) ?? '';
  const title = courseTitles.get(slug);
  return title === undefined ? path : `Curso ${title}`;
}

/** A photo's place as the 'Fotos' panel names it ('banner', 'carousel-2', 'course:/…'). */
function photoPlaceName(slot: string, courseTitles: ReadonlyMap<string, string>): string {
  if (slot === 'banner') return 'banner da página inicial';
  const carousel = /^carousel-(\d+)$/.exec(slot);
  if (carousel) return `Saiba mais, imagem ${carousel[1]}`;
  if (slot.startsWith('course:')) return courseName(slot.slice('course:'.length), courseTitles);
  return slot;
}

/**
 * A content save's page and version ('Saiba mais', 'versão 3', 'restaurou a versão 1'), a photo's
 * place and whether it went back to the illustration.
 */
function contentSaveDetails(
  { document, revision, restoredFrom, slot, removed }: Record<string, unknown>,
  courseTitles: ReadonlyMap<string, string>,
) {
  const extra: string[] = [];
  if (typeof document === 'string') {
    extra.push(
      DOCUMENT_NAMES[document] ??
        (document.startsWith('/') ? courseName(document, courseTitles) : document),
    );
  }
  if (typeof slot === 'string') extra.push(photoPlaceName(slot, courseTitles));
  if (removed === true) extra.push('voltou à ilustração original');
  if (typeof revision === 'number') extra.push(`versão ${revision}`);
  if (typeof restoredFrom === 'number') {
    const original =
      (typeof document === 'string' && ORIGINAL_NAMES[document]) || 'o texto original';
    extra.push(restoredFrom === 0 ? `restaurou ${original}` : `restaurou a versão ${restoredFrom}`);
  }
  return extra;
}

/** When: the time, and for repeated views the last time too. */
export function whenText(row: RecordRow): string {
  const first = formatDateTime(row.at);
  if (row.count <= 1 || row.lastAt === row.at) return first;
  const last = formatDateTime(row.lastAt);
  const [firstDay] = first.split(' às ');
  const [lastDay, lastTime] = last.split(' às ');
  return `${first} até ${firstDay === lastDay ? lastTime : last}`;
}

/** A stored setting as staff typed it ('padrão' for the content's default). */
function settingValue(field: keyof StaffCourseSettings, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'padrão';
  const text = String(value);
  const date = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text);
  if (date && (field === 'opensAt' || field === 'closesAt' || field === 'firstMeeting')) {
    const [, y, m, d, hh, mm] = date;
    return hh === undefined ? `${d}/${m}/${y}` : `${d}/${m}/${y} às ${hh}h${mm}`;
  }
  return text;
}

const isChange = (value: unknown): value is StaffSettingChange =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { field?: unknown }).field === 'string' &&
  (value as { field: string }).field in settingLabels;

/** Each changed setting of a `settings.update` row: 'Vagas: 40 → 45'. */
export function settingChangeLines(details: Record<string, unknown>): string[] {
  const changes = Array.isArray(details.changes) ? details.changes.filter(isChange) : [];
  return changes.map(
    (c) =>
      `${settingLabels[c.field]}: ${settingValue(c.field, c.before)} → ${settingValue(c.field, c.after)}`,
  );
}

const completionText = (value: unknown) => (value === true ? 'Concluiu' : 'Não concluiu');

/** Course slugs as their titles ('nenhum' for none). */
function coursesText(value: unknown, courseTitles: ReadonlyMap<string, string>): string {
  const slugs = Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
  return slugs.length === 0 ? 'nenhum' : slugs.map((s) => courseTitles.get(s) ?? s).join(', ');
}

/**
 * What a change changed, a line each: the settings ('Vagas: 40 → 45'), a course's prerequisites
 * ('Pré-requisitos: Passe → nenhum') and a participant's completion ('Conclusão: Não concluiu →
 * Concluiu'); nothing for the other actions.
 */
export function changeLines(
  row: Pick<RecordRow, 'action' | 'details'>,
  courseTitles: ReadonlyMap<string, string>,
): string[] {
  const { before, after } = row.details;
  switch (row.action) {
    case 'settings.update':
      return settingChangeLines(row.details);
    case 'prerequisites.update':
      return [
        `Pré-requisitos: ${coursesText(before, courseTitles)} → ${coursesText(after, courseTitles)}`,
      ];
    case 'completion.change':
      return [`Conclusão: ${completionText(before)} → ${completionText(after)}`];
    default:
      return [];
  }
}
