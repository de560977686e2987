/**
 * A course's classes: GET /api/staff/courses/:slug/classes (the list and what 'Nova
 * turma' would create), POST the same path ('Nova turma', Coordenação), POST …/classes/:classId/
 * open ('Abrir inscrições', Coordenação), POST …/classes/:classId/conclude ('Encerrar turma',
 * Coordenação, confirmed) and POST …/classes/:classId/reopen ('Reabrir turma', Coordenação).
 */
import type {
  StaffClass,
  StaffClassesResponse,
  StaffConcludeClassResponse,
  StaffNewClassRequest,
} from '@centro/contracts';
import { staffCoursePaths } from '@centro/contracts/paths';
import { fetchJson } from '~/lib/api-client';
import { checked } from '~/lib/answer';

export type ClassResult = StaffConcludeClassResponse['completions'][number];

export async function fetchClasses(slug: string, token: string): Promise<StaffClassesResponse> {
  const url = staffCoursePaths(slug).classList;
  return checked(await fetchJson(url, { bearer: token }), url, {
    classes: 'array',
    proposal: 'object',
  });
}

/** 'Nova turma': resolves to the class created (planned). */
export async function createClass(
  slug: string,
  request: StaffNewClassRequest,
  token: string,
): Promise<StaffClass> {
  const url = staffCoursePaths(slug).classList;
  const answer = checked<{ class: StaffClass }>(
    await fetchJson(url, { method: 'POST', body: request, bearer: token }),
    url,
    { class: 'object' },
  );
  return answer.class;
}

/** 'Abrir inscrições': resolves to the class, open. */
export async function openClass(slug: string, classId: string, token: string): Promise<StaffClass> {
  const url = staffCoursePaths(slug).open(classId);
  const answer = checked<{ class: StaffClass }>(
    await fetchJson(url, { method: 'POST', body: {}, bearer: token }),
    url,
    { class: 'object' },
  );
  return answer.class;
}

/**
 * 'Encerrar turma': resolves to each participant's completion. Before the last meeting the server
 * refuses it with the count (`class_meetings_remain`) unless `meetingsRemaining` confirms it.
 */
export async function concludeClass(
  slug: string,
  classId: string,
  token: string,
  meetingsRemaining?: number,
): Promise<ClassResult[]> {
  const url = staffCoursePaths(slug).conclude(classId);
  const body = { confirm: true, ...(meetingsRemaining ? { meetingsRemaining } : {}) };
  const answer = checked<StaffConcludeClassResponse>(
    await fetchJson(url, { method: 'POST', body, bearer: token }),
    url,
    { completions: 'array' },
  );
  return answer.completions;
}

/** 'Reabrir turma' (decision 077): resolves to the class, running again. */
export async function reopenClass(
  slug: string,
  classId: string,
  token: string,
): Promise<StaffClass> {
  const url = staffCoursePaths(slug).reopen(classId);
  const answer = checked<{ class: StaffClass }>(
    await fetchJson(url, { method: 'POST', body: { confirm: true }, bearer: token }),
    url,
    { class: 'object' },
  );
  return answer.class;
}
