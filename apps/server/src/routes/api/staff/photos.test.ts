/**
 * Photos through the real server (app.inject) and database (decision 065): an upload
 * from a phone (a real photo made here with sharp) resized to its place's exact size in AVIF, WebP
 * and JPEG, served by content-hashed URL for a year; a file that is no image, one too large and
 * one of too many pixels refused with pt-BR messages beside the file's field; the alternative
 * text required; each upload a revision and in the staff record. On the real web build (when one
 * exists), the pages showing the place are rendered again with the photo at the place's size.
 */
import { randomUUID } from 'node:crypto';
import { centre } from '@centro/content';
import type { StaffPhotosResponse } from '@centro/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltWebRoot, hasBuiltRenderer } from '../../../../tests/support/built-web-root.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const pgDatabase = await createPostgresTestDatabase('staff_photos');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const PHOTOS = '/api/staff/content/photos';
const ADMIN = randomUUID();

/** A phone-like photo: a landscape JPEG of smooth colours (two gradients and a stripe). */
async function phonePhoto(width = 2000, height = 1500): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = Math.abs(x - y) < 40 ? 250 : 120;
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return jpeg.toString('base64');
}

const asTo =
  (api: () => TestApi) =>
  (person: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api().tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

describe.each(targets)('photos uploaded in the staff area on $dialect', ({ databaseUrl }) => {
  let fixture: FixtureWebRoot;
  let api: TestApi;
  let comunicacao: string;
  let secretaria: string;
  const as = asTo(() => api);

  beforeAll(async () => {
    fixture = await createFixtureWebRoot();
    api = await createTestApi({
      databaseUrl,
      fixture,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao, secretaria] = (await api.createPeople(2)) as [string, string];
    for (const [person, role] of [
      [comunicacao, 'comunicacao'],
      [secretaria, 'secretaria'],
    ] as const) {
      const granted = await api.app.inject({
        method: 'POST',
        url: '/api/staff/roles/grant',
        headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
        payload: { email: `${person}@example.org`, role },
      });
      expect(granted.statusCode).toBe(200);
    }
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('lists every place with the original illustrations, for Comunicação only', async () => {
    expect((await as(secretaria, 'GET', PHOTOS)).statusCode).toBe(403);
    const places = (await as(comunicacao, 'GET', PHOTOS)).json<StaffPhotosResponse>();
    expect(places.revision).toBe(0);
    expect(places.places).toHaveLength(1 + 3 + 20);
    expect(places.places[0]).toEqual({
      slot: 'banner',
      label: 'Banner da página inicial',
      width: centre.bannerImage.width,
      height: centre.bannerImage.height,
      photo: null,
    });
  });

  it('refuses what is no photo, or too large, or without alternative text, beside the field', async () => {
    const upload = (change: object) =>
      as(comunicacao, 'PUT', PHOTOS, {
        revision: 0,
        slot: 'carousel-1',
        alt: 'Fachada do centro',
        image: Buffer.from('not a photo').toString('base64'),
        ...change,
      });
    const notImage = await upload({});
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({
      error: 'not_an_image',
      message:
        'Foto: não foi possível ler este arquivo como imagem. Envie uma foto JPEG, PNG, WebP ou AVIF.',
      field: 'image',
    });
    // An SVG is an image sharp reads, but no photo (the server would draw it).
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload({ image: svg.toString('base64') })).statusCode).toBe(415);
    // A photo cut short is refused too (decoded in full, not only its header).
    const whole = Buffer.from(await phonePhoto(800, 600), 'base64');
    const cut = whole.subarray(0, Math.floor(whole.length / 2)).toString('base64');
    expect((await upload({ image: cut })).statusCode).toBe(415);

    const tooLarge = await upload({ image: 'A'.repeat(14 * 1024 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: 'photo_too_large',
      message: 'Foto grande demais: no máximo 10 MB e 40 megapixels.',
      field: 'image',
    });
    // 48 megapixels in a few kilobytes (one colour): refused before it is decoded.
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const tooManyPixels = await upload({ image: huge.toString('base64') });
    expect(tooManyPixels.statusCode).toBe(413);
    expect(tooManyPixels.json().error).toBe('photo_too_large');

    const noAlt = await upload({ alt: '  ', image: await phonePhoto(400, 300) });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json()).toEqual({
      error: 'invalid_request',
      message: 'Texto alternativo: descreva a foto para quem não a vê.',
      field: 'alt',
    });
    const noPlace = await upload({ slot: 'course:/global-kardec/nao-existe' });
    expect(noPlace.statusCode).toBe(422);
    expect((await as(comunicacao, 'GET', PHOTOS)).json().revision).toBe(0);
  }, 30_000);

  it('resizes a phone photo to its place, serves it for a year, and records the upload', async () => {
    const saved = await as(comunicacao, 'PUT', PHOTOS, {
      revision: 0,
      slot: 'carousel-1',
      alt: 'Fachada do centro ao entardecer',
      image: await phonePhoto(),
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<StaffPhotosResponse>();
    expect(body.revision).toBe(1);
    const place = body.places.find((p) => p.slot === 'carousel-1');
    expect(place?.photo?.alt).toBe('Fachada do centro ao entardecer');
    const src = place?.photo?.src ?? '';
    expect(src).toMatch(/^\/fotos\/[0-9a-f]{20}$/);

    const { width, height } = centre.carousel[0] ?? { width: 0, height: 0 };
    for (const [accept, format] of [
      ['image/avif,image/webp,image/apng,*/*;q=0.8', 'avif'],
      ['image/webp,*/*', 'webp'],
      ['*/*', 'jpeg'],
    ] as const) {
      const file = await api.app.inject({ method: 'GET', url: src, headers: { accept } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(`image/${format}`);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers.vary).toContain('Accept');
      const meta = await sharp(file.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
        width,
        height,
        format: format === 'avif' ? 'heif' : format,
      });
    }
    expect(
      (await api.app.inject({ method: 'GET', url: '/fotos/0123456789abcdef0123' })).statusCode,
    ).toBe(404);

    // The same place again from the old revision: refused, the first photo stays.
    const stale = await as(comunicacao, 'PUT', PHOTOS, {
      revision: 0,
      slot: 'carousel-1',
      alt: 'Outra',
      image: await phonePhoto(400, 300),
    });
    expect(stale.statusCode).toBe(409);
    const now = (await as(comunicacao, 'GET', PHOTOS)).json<StaffPhotosResponse>();
    expect(now.places.find((p) => p.slot === 'carousel-1')?.photo?.src).toBe(src);

    const actions = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json()
      .actions as { action: string; details: unknown }[];
    expect(JSON.stringify(actions[0])).toContain('carousel-1');

    // Another instance on the same database serves the photo and lists it, within its watch.
    if (databaseUrl) {
      const other = await createTestApi({ databaseUrl, fixture });
      try {
        const file = await other.app.inject({
          method: 'GET',
          url: src,
          headers: { accept: '*/*' },
        });
        expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
        await expect
          .poll(async () => {
            const places = other.app.photos.places().places;
            return places.find((p) => p.slot === 'carousel-1')?.photo?.src;
          })
          .toBe(src);
      } finally {
        await other.app.close();
      }
    }
  }, 30_000);

  it('refuses a photo sent while another is being prepared, at once and without losing either', async () => {
    const revision = (await as(comunicacao, 'GET', PHOTOS)).json<StaffPhotosResponse>().revision;
    const image = await phonePhoto(800, 600);
    const order: string[] = [];
    const send = (person: string, slot: string) =>
      as(person, 'PUT', PHOTOS, { revision, slot, alt: 'Pátio', image }).then((answer) => {
        order.push(slot);
        return answer;
      });
    const answers = await Promise.all([send(comunicacao, 'carousel-2'), send(ADMIN, 'carousel-3')]);
    // Whichever came first goes in; the other is refused.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [kept, refused] =
      answers[0]?.statusCode === 200 ? ['carousel-2', 'carousel-3'] : ['carousel-3', 'carousel-2'];
    const refusal = answers.find((a) => a.statusCode === 409);
    expect(refusal?.json()).toEqual({
      error: 'content_stale',
      message: 'Outra foto está sendo enviada agora. Aguarde alguns segundos e envie de novo.',
    });
    // Refused before the other was done, not after resizing a photo it could not keep.
    expect(order).toEqual([refused, kept]);
    const places = (await as(comunicacao, 'GET', PHOTOS)).json<StaffPhotosResponse>();
    expect(places.revision).toBe(revision + 1);
    expect(places.places.find((p) => p.slot === refused)?.photo).toBeNull();
    // Sent again once the first is in, it goes in too.
    const again = await as(ADMIN, 'PUT', PHOTOS, {
      revision: places.revision,
      slot: refused,
      alt: 'Pátio',
      image,
    });
    expect(again.statusCode).toBe(200);
  }, 60_000);

  it('puts a long strip within the limits in its place at once, cut from its middle', async () => {
    // 100 × 39,999: 4 megapixels, red above, green in the middle, blue below. Cut to the banner's
    // shape only after resizing, it became 1200 × 480,000 pixels first: a minute and more of a
    // core and gigabytes of memory for one upload.
    const [width, height] = [100, 39_999];
    const band = (colour: string, top: number) => ({
      input: { create: { width, height: height / 3, channels: 3 as const, background: colour } },
      top,
      left: 0,
    });
    const strip = await sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
      .composite([band('#ff0000', 0), band('#0000ff', height - height / 3)])
      .png()
      .toBuffer();
    const started = Date.now();
    const saved = await as(comunicacao, 'PUT', PHOTOS, {
      revision: (await as(comunicacao, 'GET', PHOTOS)).json<StaffPhotosResponse>().revision,
      slot: 'banner',
      alt: 'Faixa colorida',
      image: strip.toString('base64'),
    });
    expect(saved.statusCode).toBe(200);
    // Seconds, not the minute and more of the whole strip (one thread, at most, on a busy machine).
    expect(Date.now() - started).toBeLessThan(30_000);
    const src = saved.json<StaffPhotosResponse>().places[0]?.photo?.src ?? '';
    const file = await api.app.inject({ method: 'GET', url: src, headers: { accept: '*/*' } });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([
      centre.bannerImage.width,
      centre.bannerImage.height,
    ]);
    const middle =
      (info.height / 2) * info.width * info.channels + (info.width / 2) * info.channels;
    const [red = 0, green = 0, blue = 0] = data.subarray(middle, middle + 3);
    expect({ red: red < 40, green: green > 200, blue: blue < 40 }).toEqual({
      red: true,
      green: true,
      blue: true,
    });
  }, 60_000);
});

describe.skipIf(!hasBuiltRenderer)('photos published on the real build', () => {
  let api: TestApi;
  let fixture: FixtureWebRoot;
  const as = asTo(() => api);

  beforeAll(async () => {
    fixture = await createBuiltWebRoot('photos');
    api = await createTestApi({ fixture, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it("renders a course's page and its programme's list with the photo at the page's size", async () => {
    const slot = 'course:/global-kardec/passe';
    const saved = await as(ADMIN, 'PUT', PHOTOS, {
      revision: 0,
      slot,
      alt: 'Sala do passe',
      image: await phonePhoto(1200, 1600),
    });
    expect(saved.statusCode).toBe(200);
    const src = saved.json<StaffPhotosResponse>().places.find((p) => p.slot === slot)?.photo?.src;
    expect(src).toBeTruthy();
    for (const page of ['/global-kardec/passe', '/global-kardec']) {
      const html = (await api.app.inject({ method: 'GET', url: page })).body;
      expect(html, page).toMatch(
        new RegExp(
          `<img[^>]*src="${src}"[^>]*alt="Sala do passe"[^>]*width="640"[^>]*height="400"`,
        ),
      );
    }
    // The course's link preview follows: drawn with the photo, at a new URL the page names.
    const coursePage = (await api.app.inject({ method: 'GET', url: '/global-kardec/passe' })).body;
    const ogImage = /<meta property="og:image" content="[^"]*?(\/fotos\/[0-9a-f]{20}\.png)"/.exec(
      coursePage,
    )?.[1];
    expect(ogImage).toBeTruthy();
    expect(coursePage).toContain('<meta property="og:image:alt" content="Sala do passe"');
    const preview = await api.app.inject({ method: 'GET', url: ogImage ?? '' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    const drawn = await sharp(preview.rawPayload).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['png', 1200, 630]);
    // The page's data names the same preview: hydration renders one og:image, not a second.
    const data = (await api.app.inject({ method: 'GET', url: '/global-kardec/passe.data' })).body;
    expect(data).toContain(ogImage);
    expect(data).not.toContain('/og/global-kardec/passe.png');
    // Pages without that place stay the build's.
    expect((await api.app.inject({ method: 'GET', url: '/saiba-mais' })).body).not.toContain(
      '/fotos/',
    );
  }, 60_000);

  it("keeps the course's photo when its texts are edited, previewed and published", async () => {
    const document = '/global-kardec/passe';
    const photoSrc = /<img[^>]*src="(\/fotos\/[0-9a-f]{20})"[^>]*alt="Sala do passe"/;
    const before = (await api.app.inject({ method: 'GET', url: document })).body;
    const src = photoSrc.exec(before)?.[1];
    expect(src, 'the photo of the test before').toBeTruthy();
    const current = await as(ADMIN, 'GET', `/api/staff/content/texts?document=${document}`);
    const texts = { ...current.json().texts, description: 'Uma descrição **editada** do passe.' };
    // 'Pré-visualizar': the draft text beside the photo, published nowhere.
    const preview = await as(ADMIN, 'POST', '/api/staff/content/preview', { document, texts });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('Uma descrição <strong>editada</strong> do passe.');
    expect(preview.json().html).toMatch(photoSrc);
    const saved = await as(ADMIN, 'PUT', '/api/staff/content/texts', {
      document,
      revision: current.json().revision,
      texts,
    });
    expect(saved.statusCode).toBe(200);
    const page = (await api.app.inject({ method: 'GET', url: document })).body;
    expect(page).toContain('Uma descrição <strong>editada</strong> do passe.');
    expect(photoSrc.exec(page)?.[1]).toBe(src);
    // The link preview drawn with the photo stays the page's (not the build's drawing).
    expect(page).toMatch(/<meta property="og:image" content="[^"]*\/fotos\/[0-9a-f]{20}\.png"/);
    const data = (await api.app.inject({ method: 'GET', url: `${document}.data` })).body;
    expect(data).not.toContain('/og/global-kardec/passe.png');
  }, 30_000);
});
