/**
 * Certificates of completion through the real app, on SQLite and PostgreSQL (decision 094): a
 * person who completed a class downloads their PDF (one page, naming them, the course, the class,
 * the hours and the code); nobody else gets it; the code's check, as JSON and as the page
 * `/certificados/<código>` (no script, not indexed), says valid with name, course and date, then
 * invalid once Coordenação withdraws the completion or reopens the class; a completion given again
 * gets a new code; an unknown code is a clear 404; the checks are limited per address.
 */
import { randomUUID } from 'node:crypto';
import { allCourses, type Course, formatDate } from '@centro/content';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../../tests/support/databases.js';
import { seedPeople } from '../../../tests/support/server-process.js';

const course = allCourses().find((c) => !c.prerequisites?.length) as Course;
const LIMIT = 30;

const targets = await testDatabaseTargets('certificates');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

/** "YYYY-MM-DD", `days` from today (UTC). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

/** The PDF's pages and its text, as a reader extracts it. */
async function readPdf(body: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, text: text.replace(/\s+/g, ' ') };
}

describe.each(targets)('certificates of completion ($dialect)', { timeout: 60_000 }, (target) => {
  let api: TestApi;
  const ADMIN = randomUUID();
  let address = 0;
  /** A new client address for each group of checks: the limit counts per address. */
  const newAddress = () => `198.51.100.${++address}`;

  const as = (person: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const checkJson = (code: string) =>
    api.app.inject({ url: `/api/certificates/${code}`, remoteAddress: newAddress() });
  const checkPage = (code: string) =>
    api.app.inject({ url: `/certificados/${code}`, remoteAddress: newAddress() });

  beforeAll(async () => {
    api = await createTestApi({
      databaseUrl: target.databaseUrl,
      env: {
        ADMIN_EMAILS: `${ADMIN}@example.org`,
        RATE_LIMIT_API_PER_MINUTE: '0',
        RATE_LIMIT_CERTIFICATES_PER_MINUTE: String(LIMIT),
      },
    });
    await api.app.ready();
    await seedPeople(api.app.database.db, [ADMIN]);
  });
  afterAll(async () => {
    await api.close();
  });

  it('gives the person who completed their PDF, valid until the completion is withdrawn', async () => {
    const K = `/api/staff/courses/${course.slug}`;
    const [ana = '', bia = '', caio = ''] = await api.createPeople(3);
    for (const person of [ana, bia]) {
      const enrolled = await api.app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: person, token: api.tokenFor(person) },
      });
      expect(enrolled.statusCode).toBe(200);
    }
    const [turma] = (await as(ADMIN, 'GET', `${K}/classes`)).json().classes as { id: string }[];
    const id = turma?.id as string;
    // Four meetings of an hour and a half, all behind: 6 hours.
    const firstMeeting = dayFromToday(-30);
    const settings = await as(ADMIN, 'POST', `${K}/settings`, {
      places: null,
      inviteCode: null,
      opensAt: null,
      closesAt: null,
      firstMeeting,
      time: '19:00',
      count: 4,
      durationMinutes: 90,
      room: null,
    });
    expect(settings.statusCode).toBe(200);
    for (let meeting = 1; meeting <= 4; meeting++) {
      const marks = [
        { personId: ana, present: true },
        { personId: bia, present: meeting === 1 },
      ];
      expect(
        (await as(ADMIN, 'POST', `${K}/attendance/${meeting}?turma=${id}`, { marks })).statusCode,
      ).toBe(200);
    }
    expect(
      (await as(ADMIN, 'POST', `${K}/classes/${id}/conclude`, { confirm: true })).statusCode,
    ).toBe(200);

    // Ana's PDF: one A4 page naming her, the course, the class, the dates, the hours and the code.
    const pdf = await as(ana, 'GET', `/api/me/certificates/${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="certificado-.+\.pdf"$/,
    );
    const { pages, text } = await readPdf(pdf.rawPayload);
    expect(pages).toBe(1);
    const name = `Pessoa ${ana.slice(0, 8)}`;
    expect(text).toContain('Certificado de conclusão');
    expect(text).toContain(name);
    expect(text).toContain(course.title);
    expect(text).toContain(`com 4 encontros de ${formatDate(firstMeeting)} a `);
    expect(text).toContain('num total de 6 horas');
    const code = /Código de verificação: ([A-Z0-9-]+)/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(text).toContain(`/certificados/${code}`);
    // Asked again: the same certificate, the same code.
    const again = await readPdf((await as(ana, 'GET', `/api/me/certificates/${id}`)).rawPayload);
    expect(again.text).toContain(code);

    // Bia did not complete; Caio was not in the class: neither gets one.
    for (const person of [bia, caio]) {
      const refused = await as(person, 'GET', `/api/me/certificates/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        error: 'not_found',
        message:
          'Você não tem certificado de conclusão desta turma: ele existe só para quem concluiu o curso.',
      });
    }
    expect((await api.app.inject({ url: `/api/me/certificates/${id}` })).statusCode).toBe(401);

    // The check: name, course and date, nothing else; the page the same, without a script.
    const valid = await checkJson(code.toLowerCase());
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['cache-control']).toBe('no-store');
    const concludedOn = valid.json().concludedOn as string;
    expect(valid.json()).toEqual({ code, valid: true, name, course: course.title, concludedOn });
    const page = await checkPage(code);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(page.body).toContain('<h1>Certificado válido</h1>');
    expect(page.body).toContain(`<dd>${name}</dd>`);
    expect(page.body).toContain(`<dd>${formatDate(concludedOn)}</dd>`);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('Página 404');

    // Coordenação withdraws Ana's completion: the code is invalid, the PDF gone.
    const withdraw = (concluded: boolean) =>
      as(ADMIN, 'POST', `${K}/completions/${id}/${ana}`, {
        concluded,
        reason: 'Revisão da presença',
      });
    expect((await withdraw(false)).statusCode).toBe(200);
    expect((await checkJson(code)).json()).toEqual({ code, valid: false });
    const invalid = await checkPage(code);
    expect(invalid.statusCode).toBe(200);
    expect(invalid.body).toContain('<h1>Certificado inválido</h1>');
    expect(invalid.body).not.toContain(name);
    expect((await as(ana, 'GET', `/api/me/certificates/${id}`)).statusCode).toBe(404);

    // Given again: a new certificate with a new code; the old one stays invalid.
    expect((await withdraw(true)).statusCode).toBe(200);
    const renewed = await readPdf((await as(ana, 'GET', `/api/me/certificates/${id}`)).rawPayload);
    const code2 = /Código de verificação: ([A-Z0-9-]+)/.exec(renewed.text)?.[1] ?? '';
    expect(code2).not.toBe(code);
    expect((await checkJson(code)).json().valid).toBe(false);
    expect((await checkJson(code2)).json().valid).toBe(true);

    // 'Reabrir turma' withdraws every completion of the class, and so its certificates.
    expect(
      (await as(ADMIN, 'POST', `${K}/classes/${id}/reopen`, { confirm: true })).statusCode,
    ).toBe(200);
    expect((await checkJson(code2)).json()).toEqual({ code: code2, valid: false });
  });

  it('answers an unknown code with a clear 404, and limits the checks per address', async () => {
    const unknown = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';
    const json = await checkJson(unknown);
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({
      error: 'not_found',
      message:
        'Certificado não encontrado. Confira se o código foi digitado como está impresso no certificado.',
    });
    expect((await checkJson('nem-um-codigo')).statusCode).toBe(404);
    const page = await checkPage('%3Cb%3Ex');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Certificado não encontrado</h1>');
    expect(page.body).toContain('código &lt;b&gt;x.');

    const remoteAddress = newAddress();
    for (let i = 0; i < LIMIT; i++) {
      const answer = await api.app.inject({ url: `/certificados/${unknown}`, remoteAddress });
      expect(answer.statusCode).toBe(404);
    }
    const over = await api.app.inject({ url: `/certificados/${unknown}`, remoteAddress });
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(over.body).toContain('Não foi possível verificar agora');
  });
});
