/**
 * The site's content edited in the staff area (decision 054), in Chromium on the built
 * server: the coordinator grants Comunicação to a volunteer, who sees only the 'Conteúdo' section,
 * moves Tuesday's meeting to 20h and publishes; an anonymous visitor then gets the new time on
 * /horarios (its text and structured data) and in /agenda.ics, with no restart; a notice for the
 * home page is published and shows there only, as a banner in the served page that React keeps and
 * that moves nothing (decision 056), and goes when its period ends (the server's own clock: the
 * period ends at the next minute at least 20 s ahead, and the page is checked at the test's end); a photo uploaded from a file replaces the first image of
 * /saiba-mais's carousel at the page's size (decision 065); a course gets a photo, and its
 * description and summary are edited, shown on its page and in its link preview beside the photo,
 * then the original brought back with 'Restaurar esta versão' (decision 064), the photo staying;
 * the schedule's versions say which words changed, preview the original and bring it back once
 * asked; the carousel's photo goes back to the original illustration; a new address moves the map
 * of /contato, previewed first;
 * the volunteer's token is refused every staff endpoint but the content's and their own roles',
 * listed from the API's OpenAPI document. Phone and desktop: each run has its own server.
 */
import { getProgramme } from '@centro/content';
import { DESK_CONSENT_TEXT, UNSET_COURSE_SETTINGS } from '@centro/contracts';
import type { Page } from '@playwright/test';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { accessibilityViolations } from './support/test';
import { closeToasts } from './support/toasts';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith } from './support/smtp';

const course = getProgramme('global-kardec').courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const summary = 'Um resumo editado pela Comunicação, para os cartões e a prévia de link.';
const coordinatorEmail = uniqueEmail();
const contentTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });

const tuesday = (page: Page) => page.getByRole('group', { name: 'Terça-feira' });
/** A São Paulo local time (UTC−3), `days` from now, as a datetime-local field takes it. */
const saoPaulo = (days: number) => saoPauloAt(Date.now() + days * 86_400_000);
const saoPauloAt = (ms: number) => new Date(ms - 3 * 3600_000).toISOString().slice(0, 16);
/** The next whole minute at least `seconds` ahead: a notice's period ends at a minute. */
const minuteAfter = (seconds: number) => Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000;

const anyId = '00000000-0000-4000-8000-000000000000';
/** A person without an account, as the desk and the door add one. */
const newPerson = {
  name: 'Rosa Balcão',
  phone: '(21) 97777-2222',
  consentText: DESK_CONSENT_TEXT,
};
/** A valid body for each staff route that takes one, so that only the role can refuse it. */
const VALID_BODIES: Record<string, object> = {
  '/api/staff/courses/{slug}/settings': UNSET_COURSE_SETTINGS,
  '/api/staff/courses/{slug}/participants/{personId}/remove': { confirm: true },
  '/api/staff/courses/{slug}/participants/{personId}/move': {
    to: '00000000-0000-4000-8000-000000000000',
  },
  '/api/staff/courses/{slug}/attendance/{meeting}': {
    marks: [{ personId: anyId, present: true }],
  },
  '/api/staff/roles/grant': { email: 'outra@example.org', role: 'comunicacao' },
  '/api/staff/roles/revoke': { personId: anyId, role: 'comunicacao' },
  '/api/staff/courses/{slug}/classes': {},
  '/api/staff/courses/{slug}/classes/{classId}/conclude': { confirm: true },
  '/api/staff/courses/{slug}/classes/{classId}/reopen': { confirm: true },
  '/api/staff/courses/{slug}/classes/{classId}/open': {},
  '/api/staff/courses/{slug}/prerequisites': { required: null },
  '/api/staff/courses/{slug}/exceptions': { personId: anyId },
  '/api/staff/courses/{slug}/completions/{classId}/{personId}': {
    concluded: true,
    reason: 'Presença conferida.',
  },
  '/api/staff/courses/{slug}/classes/{classId}/messages': {
    subject: 'Aviso',
    text: 'Olá, turma.',
    waitingList: false,
  },
  '/api/staff/courses/{slug}/desk-enrol': { person: newPerson },
  '/api/staff/courses/{slug}/attendance/{meeting}/walk-in': { person: newPerson },
  '/api/staff/courses/{slug}/participants/{personId}/claim-code': { confirm: true },
  '/api/staff/courses/{slug}/check-in/{meeting}': { code: 'A'.repeat(32) },
  '/api/staff/courses/{slug}/classes/{classId}/meetings': { kind: 'undo', date: '2027-03-06' },
  '/api/staff/recesses': {
    name: 'Recesso de fim de ano',
    startsOn: '2027-12-20',
    endsOn: '2028-01-10',
    then: 'later',
  },
  '/api/staff/recesses/{id}/remove': { confirm: true },
  '/api/staff/next-term': {
    key: '00000000-0000-4000-8000-000000000000',
    term: '2027/2',
    classes: [
      {
        slug: 'x',
        firstMeeting: '2027-08-07',
        time: '17:30',
        room: null,
        places: 10,
        opensAt: null,
      },
    ],
  },
};
/** What a Comunicação account may call under /api/staff: the site's content and its own roles. */
const contentOnly = (path: string) =>
  path === '/api/staff/me' || path.startsWith('/api/staff/content');

contentTest(
  'Comunicação moves Tuesday’s meeting and every visitor sees it at once',
  async ({ page, browser, ownServer, smtp }) => {
    // The notice's period ends up to 80 s after it is published, and the banner goes then (the
    // server checks at a period's end; decision 072).
    test.setTimeout(300_000);
    const codeFor = codeReader(smtp);
    const volunteer = await otherPersonPage(browser, ownServer.origin);
    const volunteerEmail = uniqueEmail();

    await test.step('the coordinator grants Comunicação', async () => {
      await signUpFrom(volunteer, coursePath, {
        email: volunteerEmail,
        name: 'Valéria Voluntária',
        codeFor,
      });
      await signUpFrom(page, coursePath, { email: coordinatorEmail, codeFor });
      await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
      await page.getByRole('link', { name: 'Funções' }).click();
      await page.getByLabel('E-mail da conta').fill(volunteerEmail);
      await page.getByLabel('Função').selectOption('comunicacao');
      await page.getByRole('button', { name: 'Conceder' }).click();
      await expect(page.getByText('Função concedida.')).toBeVisible();
    });

    await test.step('the volunteer publishes Tuesday at 20h', async () => {
      await volunteer.reload();
      await mainNav(volunteer).getByRole('link', { name: 'Equipe' }).click();
      await expect(volunteer.getByText('Sua função: Comunicação')).toBeVisible();
      await expect(
        volunteer.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link'),
      ).toHaveText(['Conteúdo']);
      const time = tuesday(volunteer).getByLabel('Horário');
      await expect(time).toHaveValue('19h30');
      expect(await accessibilityViolations(volunteer)).toEqual([]);
      await time.fill('20h');
      await volunteer.getByRole('button', { name: 'Salvar e publicar' }).click();
      await expect(volunteer.getByText('Horários publicados.')).toBeVisible();
      await expect(volunteer.getByText(/Publicado por Valéria Voluntária em/)).toBeVisible();
    });

    await test.step('an anonymous visitor gets the new time, page and calendar', async () => {
      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto('/horarios');
      const card = visitor.getByRole('article', { name: 'Terça-feira' });
      await expect(card).toContainText('20h');
      await expect(card).not.toContainText('19h30');
      const jsonLd = await visitor.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.join('')).toContain('"startTime":"20:00"');
      const agenda = await visitor.request.get('/agenda.ics');
      expect(await agenda.text()).toContain('DTSTART;TZID=America/Sao_Paulo:20260106T200000');
      await visitor.close();
    });

    // The notice's step takes a few seconds; the test then waits for the end's minute (up to 80 s
    // ahead, less the steps between), so the margin is no longer than it needs to be.
    const noticeEnds = minuteAfter(20);
    await test.step('a notice for the home page shows there only, with no shift', async () => {
      await volunteer.getByRole('button', { name: 'Adicionar aviso' }).click();
      const notice = volunteer.getByRole('group', { name: 'Aviso 1' });
      await notice.getByLabel('Título').fill('Feriado');
      await notice.getByLabel('Texto').fill('Não haverá reunião nesta terça-feira.');
      await notice.getByLabel('Mostrar a partir de').fill(saoPaulo(-1));
      await notice.getByLabel('Mostrar até').fill(saoPauloAt(noticeEnds));
      await volunteer.getByRole('button', { name: 'Publicar avisos' }).click();
      await expect(volunteer.getByText('Avisos publicados.')).toBeVisible();

      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      const errors: string[] = [];
      visitor.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await visitor.goto('/');
      const banner = visitor.getByRole('region', { name: 'Avisos' });
      await expect(banner).toContainText('Feriado Não haverá reunião nesta terça-feira.');
      // Hydrated (the menu works), the banner is still there, and nothing moved.
      await mainNav(visitor).waitFor();
      await visitor.waitForLoadState('networkidle');
      await expect(banner).toBeVisible();
      const shift = await visitor.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries())
                total += (entry as { value?: number }).value ?? 0;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
      expect(shift).toBe(0);
      expect(errors).toEqual([]);
      await visitor.goto('/horarios');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Avisos' })).toHaveCount(0);
      await visitor.close();
    });

    await test.step('a photo uploaded from a file replaces the first image of the carousel', async () => {
      // A real image from the phone's gallery: here, a screenshot (a PNG of the staff area).
      const photo = await volunteer.screenshot();
      const photos = volunteer.getByRole('form', { name: 'Fotos' });
      await photos.getByLabel('Onde a foto aparece').selectOption('carousel-1');
      await photos.getByLabel(/^Foto/).setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: photo,
      });
      await photos.getByLabel(/^Texto alternativo/).fill('');
      await photos.getByRole('button', { name: 'Enviar e publicar' }).click();
      await expect(photos.getByText('Descreva a foto para quem não a vê.')).toBeVisible();
      // The panel, with a problem beside its field. The last step's toast may still be here
      // (paused while another page had the focus) or fading: closed first, so axe measures the
      // panel and not an animation's half-transparent text.
      await closeToasts(volunteer);
      expect(await accessibilityViolations(volunteer)).toEqual([]);
      await photos.getByLabel(/^Texto alternativo/).fill('A sala de estudos do centro');
      await photos.getByRole('button', { name: 'Enviar e publicar' }).click();
      // Resizing to three formats takes a core for about a second, longer on a loaded machine.
      await expect(volunteer.getByText('Foto publicada.')).toBeVisible({ timeout: 30_000 });
      await expect(photos.getByRole('img', { name: 'A sala de estudos do centro' })).toBeVisible();

      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto('/saiba-mais');
      const first = visitor.getByRole('img', { name: 'A sala de estudos do centro' });
      // The page's own size (its width and height reserve the space), the photo cut to it.
      await expect(first).toHaveAttribute('src', /^\/fotos\/[0-9a-f]{20}$/);
      await expect(first).toHaveAttribute('width', '1200');
      await expect(first).toHaveAttribute('height', '675');
      await expect
        .poll(() =>
          first.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
        )
        .toEqual([1200, 675]);
      // Its link preview is drawn with the photo, at a new address.
      await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /\/fotos\/[0-9a-f]{20}\.png$/,
      );
      await visitor.close();
    });

    await test.step('a course with a photo and an edited description shows both, then its original text', async () => {
      // The course's own photo first: the texts' pages are rendered again with it.
      const photos = volunteer.getByRole('form', { name: 'Fotos' });
      await photos.getByLabel('Onde a foto aparece').selectOption(`course:${coursePath}`);
      await photos.getByLabel(/^Foto/).setInputFiles({
        name: 'curso.png',
        mimeType: 'image/png',
        buffer: await volunteer.screenshot(),
      });
      await photos.getByLabel(/^Texto alternativo/).fill('Os participantes do curso');
      await photos.getByRole('button', { name: 'Enviar e publicar' }).click();
      await expect(photos.getByRole('img', { name: 'Os participantes do curso' })).toBeVisible();
      const texts = volunteer.getByRole('region', { name: 'Textos das páginas' });
      await texts.getByLabel('Página').selectOption(coursePath);
      const description = texts.getByLabel('Descrição');
      await expect(description).toHaveValue(/^Este é o curso de entrada do Global Kardec/);
      await description.fill('Uma descrição **nova** do curso.');
      await texts.getByLabel('Resumo (cartões e prévia de link)').fill(summary);
      // 'Pré-visualizar': the page with the new text in a new tab, published nowhere.
      const [previewTab] = await Promise.all([
        volunteer.waitForEvent('popup'),
        texts.getByRole('button', { name: 'Pré-visualizar', exact: true }).click(),
      ]);
      await expect(previewTab.getByText('Uma descrição nova do curso.')).toBeVisible();
      // Styled: its stylesheet is linked (the staff page's CSP refuses the page's inline one).
      await expect(previewTab.locator('.course__body')).not.toHaveCSS('max-width', 'none');
      await previewTab.close();
      const before = await browser.newPage({ baseURL: ownServer.origin });
      await before.goto(coursePath);
      await expect(before.getByText(course.description[0] ?? '-')).toBeVisible();
      await before.close();
      await texts.getByRole('button', { name: 'Publicar textos' }).click();
      await expect(volunteer.getByText('Textos publicados.')).toBeVisible();

      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto(coursePath);
      await expect(visitor.getByText('Uma descrição nova do curso.')).toBeVisible();
      await expect(visitor.locator('strong', { hasText: 'nova' })).toBeVisible();
      const preview = visitor.locator('meta[property="og:description"]');
      await expect(preview).toHaveAttribute('content', summary);
      // The photo and its link preview stay through the text's publication.
      await expect(visitor.getByRole('img', { name: 'Os participantes do curso' })).toHaveAttribute(
        'src',
        /^\/fotos\/[0-9a-f]{20}$/,
      );
      const image = visitor.locator('meta[property="og:image"]');
      await expect(image).toHaveAttribute('content', /\/fotos\/[0-9a-f]{20}\.png$/);

      await texts
        .getByRole('listitem')
        .filter({ hasText: 'Texto original do site' })
        .getByRole('button', { name: 'Restaurar esta versão' })
        .click();
      await texts.getByRole('button', { name: 'Confirmar restauração' }).click();
      await expect(volunteer.getByText('Versão restaurada e publicada.')).toBeVisible();
      await expect(texts.getByLabel('Descrição')).toHaveValue(/^Este é o curso de entrada/);
      await visitor.reload();
      await expect(visitor.getByText(course.description[0] ?? '-')).toBeVisible();
      await expect(visitor.getByText('Uma descrição nova do curso.')).toHaveCount(0);
      await expect(preview).toHaveAttribute('content', course.summary);
      await expect(image).toHaveAttribute('content', /\/fotos\/[0-9a-f]{20}\.png$/);
      await visitor.close();
    });

    await test.step('the schedule’s versions show what changed; the original comes back once asked', async () => {
      const versions = volunteer.getByRole('region', { name: 'Versões anteriores dos horários' });
      const latest = versions.getByRole('listitem').filter({ hasText: 'Versão 1 (publicada)' });
      await latest.getByText('Antes e depois').click();
      // The words removed and added, not both schedules in full.
      await expect(latest.locator('del')).toContainText('19h30');
      await expect(latest.locator('ins')).toContainText('20h');
      const original = versions.getByRole('listitem').filter({ hasText: 'Horários originais' });
      const [previewTab] = await Promise.all([
        volunteer.waitForEvent('popup'),
        original.getByRole('button', { name: 'Pré-visualizar horários originais do site' }).click(),
      ]);
      await expect(previewTab.getByRole('article', { name: 'Terça-feira' })).toContainText('19h30');
      await previewTab.close();
      await original.getByRole('button', { name: 'Restaurar esta versão' }).click();
      const asked = original.getByRole('alertdialog');
      await expect(asked).toContainText('Restaurar o conteúdo original?');
      await asked.getByRole('button', { name: 'Confirmar restauração' }).click();
      await expect(volunteer.getByText('Versão restaurada e publicada.')).toBeVisible();
      await expect(tuesday(volunteer).getByLabel('Horário')).toHaveValue('19h30');
      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto('/horarios');
      await expect(visitor.getByRole('article', { name: 'Terça-feira' })).toContainText('19h30');
      await visitor.close();
    });

    await test.step('the carousel’s photo goes back to the original illustration', async () => {
      const photos = volunteer.getByRole('form', { name: 'Fotos' });
      await photos.getByLabel('Onde a foto aparece').selectOption('carousel-1');
      await photos.getByRole('button', { name: 'Voltar à ilustração original' }).click();
      await photos.getByRole('alertdialog').getByRole('button', { name: 'Tirar a foto' }).click();
      await expect(volunteer.getByText('Ilustração original de volta, publicada.')).toBeVisible();
      await expect(photos.getByText('Hoje: a ilustração original.')).toBeVisible();
      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto('/saiba-mais');
      await expect(visitor.getByRole('img', { name: 'A sala de estudos do centro' })).toHaveCount(
        0,
      );
      await visitor.close();
    });

    await test.step('a new address and WhatsApp number show on /contato, the map following', async () => {
      const contact = volunteer.getByRole('region', { name: 'Contato' });
      await contact.getByLabel('Endereço (rua e número)').fill('Avenida das Acácias, 900');
      // The map follows the address, and its preview shows the new place before publishing.
      await expect(contact.getByLabel('Mapa do Google Maps')).toHaveValue(
        /q=Avenida%20das%20Ac%C3%A1cias%2C%20900/,
      );
      await contact.getByRole('button', { name: 'Ver a prévia do mapa' }).click();
      await expect(contact.getByTitle('Prévia do mapa que aparecerá em /contato')).toHaveAttribute(
        'src',
        /q=Avenida%20das%20Ac%C3%A1cias%2C%20900/,
      );
      await contact.getByLabel('WhatsApp').fill('(21) 98765-4321');
      await contact.getByRole('button', { name: 'Publicar contato' }).click();
      // Every public page is rendered again before the answer (decision 068).
      await expect(volunteer.getByText('Contato publicado.')).toBeVisible({ timeout: 60_000 });
      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      await visitor.goto('/contato');
      await expect(visitor.getByRole('main').getByText('(21) 98765-4321')).toBeVisible();
      await expect(visitor.getByRole('main').locator('iframe')).toHaveAttribute(
        'src',
        /q=Avenida%20das%20Ac%C3%A1cias%2C%20900/,
      );
      await visitor.goto('/horarios');
      await expect(
        visitor.getByRole('contentinfo').getByRole('link', { name: '(21) 98765-4321' }),
      ).toHaveAttribute('href', /^https:\/\/wa\.me\/5521987654321/);
      await visitor.close();
    });

    await test.step('the volunteer is refused every participant-data endpoint', async () => {
      const openApi = await volunteer.request.get('/api/openapi.json');
      const { paths } = (await openApi.json()) as { paths: Record<string, object> };
      const calls = Object.entries(paths)
        .filter(([path]) => path.startsWith('/api/staff/') && !contentOnly(path))
        .flatMap(([path, operations]) =>
          Object.keys(operations)
            .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
            .map((method) => ({
              method: method.toUpperCase(),
              path,
              url: path
                .replace('{slug}', course.slug)
                .replace('{meeting}', '1')
                .replace(/\{(personId|classId|id)\}/, anyId),
              body: method === 'get' ? undefined : VALID_BODIES[path],
            })),
        );
      // The lists, exports, attendance, settings, classes, messages, roles and the record.
      expect(calls.length).toBeGreaterThanOrEqual(15);
      for (const call of calls) {
        expect(call.method === 'GET' || call.body !== undefined, call.path).toBe(true);
      }
      const statuses = await volunteer.evaluate(async (list) => {
        const token = localStorage.getItem(window.location.host) ?? '';
        const answers: string[] = [];
        for (const { method, url, path, body } of list) {
          const response = await fetch(url, {
            method,
            headers: {
              Authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          answers.push(`${method} ${path} ${response.status}`);
        }
        return answers;
      }, calls);
      expect(statuses).toEqual(calls.map(({ method, path }) => `${method} ${path} 403`));
    });

    await test.step('the notice goes when its period ends, with nobody saving anything', async () => {
      const visitor = await browser.newPage({ baseURL: ownServer.origin });
      const banners = async () => {
        await visitor.goto('/');
        return visitor.getByRole('region', { name: 'Avisos' }).count();
      };
      await expect
        .poll(banners, {
          timeout: Math.max(0, noticeEnds - Date.now()) + 45_000,
          intervals: [1000],
        })
        .toBe(0);
      expect(Date.now()).toBeGreaterThanOrEqual(noticeEnds);
      await visitor.close();
    });
  },
);
