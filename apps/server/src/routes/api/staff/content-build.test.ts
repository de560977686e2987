/**
 * A saved schedule published on the real web build (decision 054), when one exists (`npm test`
 * builds first): the server renders /horarios again with the build's own renderer, so the served
 * page holds the new time in its text and its structured data, its CSP allows each of its inline
 * scripts, its `.data` (client navigation) follows, and a page no document shows stays the build's.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { schedule } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_WEB_ROOT,
  createBuiltWebRoot,
  hasBuiltRenderer,
} from '../../../../tests/support/built-web-root.js';
import type { FixtureWebRoot } from '../../../../tests/support/web-root.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { inlineScriptHashes } from '../../../http/csp.js';

const ADMIN = randomUUID();

describe.skipIf(!hasBuiltRenderer)('the schedule published on the real build', () => {
  let api: TestApi;
  let fixture: FixtureWebRoot;

  beforeAll(async () => {
    fixture = await createBuiltWebRoot('content');
    api = await createTestApi({ fixture, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('serves /horarios rendered from the saved schedule, with a CSP for its scripts', async () => {
    const before = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(before.body).toBe(
      await readFile(path.join(BUILT_WEB_ROOT, 'horarios', 'index.html'), 'utf8'),
    );
    expect((await api.app.inject({ method: 'GET', url: '/horarios.data' })).body).toBe(
      await readFile(path.join(BUILT_WEB_ROOT, 'horarios.data'), 'utf8'),
    );
    // A title that would end the structured data's script: the page must keep it as text.
    const hostile = '</script><script>alert(1)</script>';
    const edited = schedule.map((day) =>
      day.day === 'Terça-feira'
        ? { ...day, activities: [{ time: '20h15', title: 'Reunião Pública de Terça' }] }
        : day.day === 'Domingo'
          ? { ...day, activities: [{ time: '09h', title: `Campanha ${hostile}` }] }
          : day,
    );
    const saved = await api.app.inject({
      method: 'PUT',
      url: '/api/staff/content/schedule',
      headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      payload: { revision: 0, schedule: edited },
    });
    expect(saved.statusCode).toBe(200);

    const page = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(page.body).toContain('Reunião Pública de Terça');
    expect(page.body).toContain('"startTime":"20:15"');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain(
      '"startTime":"19:30","endTime":"21:00","name":"Reunião Pública"',
    );
    const csp = page.headers['content-security-policy'] as string;
    for (const hash of inlineScriptHashes(page.body)) expect(csp).toContain(hash);
    // Client navigation to /horarios fetches its data: the new schedule too, never cached stale.
    const data = await api.app.inject({ method: 'GET', url: '/horarios.data' });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('Reunião Pública de Terça');
    expect(data.headers['cache-control']).toBe('no-cache');
    expect(data.headers['x-content-type-options']).toBe('nosniff');
    expect((await api.app.inject({ method: 'GET', url: '/contato' })).body).toBe(
      await readFile(path.join(BUILT_WEB_ROOT, 'contato', 'index.html'), 'utf8'),
    );
  }, 30_000);
});
