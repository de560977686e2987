/**
 * The versions of the schedule, the notices and the photos through the real server, database and
 * web build (decisions 054, 056, 065): each save listed with its body, down to the packaged
 * content; 'Pré-visualizar' renders the page with a version's body and publishes nothing;
 * 'Restaurar esta versão' saves it again as the newest and publishes it, in the staff record; a
 * photo goes back to the original illustration and comes back by a restore. Needs the web build's
 * renderer (`npm test` builds first).
 */
import { randomUUID } from 'node:crypto';
import { schedule as packagedSchedule } from '@centro/content';
import type {
  StaffBannersHistory,
  StaffPhotosHistory,
  StaffPhotosResponse,
  StaffScheduleHistory,
} from '@centro/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltWebRoot, hasBuiltRenderer } from '../../../../tests/support/built-web-root.js';
import type { FixtureWebRoot } from '../../../../tests/support/web-root.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const C = '/api/staff/content';
const ADMIN = randomUUID();

describe.skipIf(!hasBuiltRenderer)('versions of the schedule, the notices and the photos', () => {
  let api: TestApi;
  let fixture: FixtureWebRoot;
  let comunicacao: string;

  const as = (method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(comunicacao)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const page = async (url: string) => (await api.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    fixture = await createBuiltWebRoot('history');
    api = await createTestApi({ fixture, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao] = (await api.createPeople(1)) as [string];
    const granted = await api.app.inject({
      method: 'POST',
      url: '/api/staff/roles/grant',
      headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      payload: { email: `${comunicacao}@example.org`, role: 'comunicacao' },
    });
    expect(granted.statusCode).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('lists, previews and restores the schedule', async () => {
    const [first, ...rest] = packagedSchedule;
    const edited = [{ ...first, activities: [{ time: '21h', title: 'Estudo noturno' }] }, ...rest];
    expect((await as('PUT', `${C}/schedule`, { revision: 0, schedule: edited })).statusCode).toBe(
      200,
    );
    expect(await page('/horarios')).toContain('Estudo noturno');
    const history = (await as('GET', `${C}/schedule/history`)).json<StaffScheduleHistory>();
    expect(history.revisions.map((r) => r.revision)).toEqual([1, 0]);
    expect(history.revisions[1]?.schedule).toEqual(packagedSchedule);
    // The original, previewed: the page as it was, while the published one stays.
    const original = history.revisions[1]?.schedule;
    const preview = await as('POST', `${C}/schedule/preview`, { schedule: original });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).not.toContain('Estudo noturno');
    expect(preview.json().html).toContain(packagedSchedule[0]?.activities[0]?.title);
    expect(await page('/horarios')).toContain('Estudo noturno');
    const restored = await as('POST', `${C}/schedule/restore`, { revision: 1, restore: 0 });
    expect(restored.json()).toMatchObject({ revision: 2, schedule: packagedSchedule });
    expect(await page('/horarios')).not.toContain('Estudo noturno');
  }, 60_000);

  it('lists, previews with their banner and restores the notices', async () => {
    const notice = {
      title: 'Feriado',
      text: 'Sem reuniões na segunda.',
      from: '2020-01-01T00:00',
      until: '2020-01-02T00:00',
      place: 'home',
    };
    expect((await as('PUT', `${C}/notices`, { revision: 0, notices: [notice] })).statusCode).toBe(
      200,
    );
    const history = (await as('GET', `${C}/notices/history`)).json<StaffBannersHistory>();
    expect(history.revisions.map((r) => [r.revision, r.notices.length])).toEqual([
      [1, 1],
      [0, 0],
    ]);
    // Its period is over, yet the preview shows what the banner says.
    const preview = await as('POST', `${C}/notices/preview`, { notices: [notice] });
    expect(preview.json().html).toContain('Sem reuniões na segunda.');
    const restored = await as('POST', `${C}/notices/restore`, { revision: 1, restore: 0 });
    expect(restored.json()).toMatchObject({ revision: 2, notices: [] });
  }, 60_000);

  it('puts the illustration back, then the photo by a restore', async () => {
    const image = (
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const uploaded = await as('PUT', `${C}/photos`, {
      revision: 0,
      slot: 'banner',
      alt: 'A fachada do centro',
      image,
    });
    expect(uploaded.statusCode).toBe(200);
    const src = uploaded.json<StaffPhotosResponse>().places[0]?.photo?.src as string;
    expect(await page('/')).toContain(src);

    const removed = await as('POST', `${C}/photos/remove`, { revision: 1, slot: 'banner' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<StaffPhotosResponse>().places[0]?.photo).toBeNull();
    expect(await page('/')).not.toContain(src);

    const history = (await as('GET', `${C}/photos/history`)).json<StaffPhotosHistory>();
    expect(history.revisions.map((r) => [r.revision, Object.keys(r.photos)])).toEqual([
      [2, []],
      [1, ['banner']],
      [0, []],
    ]);
    const withPhoto = history.revisions[1]?.photos;
    const preview = await as('POST', `${C}/photos/preview`, { photos: withPhoto, slot: 'banner' });
    expect(preview.json().html).toContain(src);
    expect(await page('/')).not.toContain(src);

    const restored = await as('POST', `${C}/photos/restore`, { revision: 2, restore: 1 });
    expect(restored.json<StaffPhotosResponse>().places[0]?.photo?.src).toBe(src);
    expect(await page('/')).toContain(src);

    const actions = (
      await api.app.inject({
        method: 'GET',
        url: '/api/staff/actions?action=content.save',
        headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      })
    ).json().actions as { details: Record<string, unknown> }[];
    expect(actions.slice(0, 3).map((a) => a.details)).toEqual([
      { document: 'photos', revision: 3, restoredFrom: 1 },
      { document: 'photos', revision: 2, slot: 'banner', removed: true },
      { document: 'photos', revision: 1, slot: 'banner' },
    ]);
  }, 60_000);
});
