/**
 * A page's script policy allows the scripts its renderer emitted, never one that ended up in the
 * page otherwise (decision 003). The fixture's renderer has a flaw on purpose (a notice's text
 * unescaped on /horarios): a script saved as content reaches its HTML, and the page must not be
 * published, nor its policy allow that script; the pages rendered without it still are.
 */
import { createHash, randomUUID } from 'node:crypto';
import { schedule as packagedSchedule } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const ADMIN = randomUUID();
const INJECTED = 'fetch("/api/me").then((r) => r.text()).then(alert)';
const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('the scripts a rendered page may run', () => {
  let fixture: FixtureWebRoot;
  let api: TestApi;

  const as = (method: 'GET' | 'PUT', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({ renderer: true });
    api = await createTestApi({ fixture, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
  });
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('does not publish a page holding a script its renderer did not emit', async () => {
    const notice = await as('PUT', '/api/staff/content/notices', {
      revision: 0,
      notices: [
        {
          title: 'Aviso',
          text: `<script>${INJECTED}</script>`,
          from: '2026-01-01T00:00',
          until: '2026-01-02T00:00',
          place: 'home',
        },
      ],
    });
    expect(notice.statusCode).toBe(200);
    const first = (day: (typeof packagedSchedule)[number], title: string) => ({
      ...day,
      activities: day.activities.map((a, i) => (i === 0 ? { ...a, title } : a)),
    });
    const saved = await as('PUT', '/api/staff/content/schedule', {
      revision: 0,
      schedule: packagedSchedule.map((day, i) => (i === 0 ? first(day, 'Reunião nova') : day)),
    });
    expect(saved.statusCode).toBe(200);

    const page = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(page.headers['content-security-policy']).not.toContain(hashOf(INJECTED));
    expect(page.body).not.toContain(INJECTED);
    // The page served so far stays: the build's.
    expect(page.body).toContain(fixture.markerOf('/horarios'));
    // The same edit without the script is published, with the script the renderer emitted.
    expect(
      (
        await as('PUT', '/api/staff/content/notices', {
          revision: 1,
          notices: [],
        })
      ).statusCode,
    ).toBe(200);
    const again = await as('PUT', '/api/staff/content/schedule', {
      revision: 1,
      schedule: packagedSchedule.map((day, i) => (i === 0 ? first(day, 'Reunião nova 2') : day)),
    });
    expect(again.statusCode).toBe(200);
    const published = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(published.body).toContain('Reunião nova 2');
    expect(published.headers['content-security-policy']).toContain(
      hashOf('window.__first = "Reunião nova 2";'),
    );
  });
});
