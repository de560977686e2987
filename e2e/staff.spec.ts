/**
 * The staff area, in Chromium on the built-in provider and the embedded database: a server
 * of its own whose ADMIN_EMAILS names the coordinator. Two participants enrol; the coordinator sees
 * the overview, the course's list, searches it, downloads the CSV and the .xlsx (both parsed here),
 * changes places and the opening date (the public course page follows without a restart), grants
 * Secretaria to a third account (which sees lists but no settings), removes a participant (the
 * place is free again), finds each action in the record, then starts a new term: 'Nova turma',
 * each class its own participants, and 'Encerrar turma' leaves the old class to read only.
 * Attendance taken without a connection waits on the phone, 'a enviar', through a reload, and is
 * sent once when the connection returns, beside the secretary's mark of the same meeting. A
 * participant gets no 'Equipe' link and no staff data, from the page or from the API.
 */
import { readFile } from 'node:fs/promises';
import {
  addDays,
  formatDate,
  formatMeetingOption,
  getProgramme,
  wallClockAt,
} from '@centro/content';
import ExcelJS from 'exceljs';
import type { Page, Route } from '@playwright/test';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { accessibilityViolations } from './support/test';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith } from './support/smtp';
import { reviewShot } from './support/review-shot';

const programme = getProgramme('global-kardec');
const course = programme.courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const coordinatorEmail = uniqueEmail();

// ADMIN_EMAILS makes Coordenação only of a proven address: a server that
// sends its mail, so every sign-up types the code e-mailed to it.
const staffTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });

// The refused settings below: Chromium reports the 409 and 400 answers itself; and the marks tried
// without a connection.
staffTest.use({
  allowConsoleErrors: [
    /status of (409 \(Conflict\)|400 \(Bad Request\))|net::ERR_INTERNET_DISCONNECTED|^Getting the signed-in user failed: TypeError: Failed to fetch/,
  ],
});

/** Signs up from the course page and enrols. */
async function enrol(
  page: Page,
  name: string,
  codeFor: (email: string) => Promise<string>,
): Promise<string> {
  const email = await signUpFrom(page, coursePath, { name, codeFor });
  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
  ).toBeVisible();
  return email;
}

/** The text of a file the page downloads when `click` runs. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** GET an API path with the page's stored API token (as a script on the page could). */
async function apiStatusWithStoredToken(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem(window.location.host) ?? '';
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return response.status;
  }, path);
}

const participantRows = (page: Page) =>
  page.getByRole('table', { name: `Participantes de ${course.title}` }).getByRole('rowheader');

staffTest(
  'Coordenação runs a course from the staff area; Secretaria and participants see only theirs',
  async ({ page, browser, ownServer, smtp }) => {
    // One long path of many steps (the door's offline attendance among them) on a shared machine.
    test.setTimeout(180_000);
    const codeFor = codeReader(smtp);
    // The class's first meeting, as the door's step sets it (two weeks ago, at 00h00).
    let firstMeeting = '';
    const jose = await otherPersonPage(browser, ownServer.origin);
    const ana = await otherPersonPage(browser, ownServer.origin);
    const secretary = await otherPersonPage(browser, ownServer.origin);

    const secretaryEmail = uniqueEmail();
    await test.step('two participants enrol, a third person only signs up', async () => {
      await enrol(jose, 'José Ávila', codeFor);
      await enrol(ana, 'Ana Souza', codeFor);
      await signUpFrom(secretary, coursePath, {
        email: secretaryEmail,
        name: 'Cecília Secretária',
        codeFor,
      });
    });

    await test.step('the coordinator finds the course and its list', async () => {
      await signUpFrom(page, coursePath, {
        email: coordinatorEmail,
        name: 'Coordenadora Lúcia',
        codeFor,
      });
      await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
      await expect(page).toHaveURL('/equipe');
      await expect(page.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
      await expect(page.getByText('Sua função: Coordenação')).toBeVisible();
      const card = page.getByRole('listitem').filter({ hasText: course.title }).first();
      await expect(card).toContainText(`Inscritos: 2 de ${course.places} vagas`);
      // No course has its WhatsApp invite yet: staff see which.
      await expect(card).toContainText('Sem convite do grupo de WhatsApp');
      await expect(page.getByText(/^20 cursos ainda não têm o convite/)).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);

      await card.getByRole('link', { name: course.title }).click();
      await expect(participantRows(page)).toHaveText(['Ana Souza', 'José Ávila']);
      await page.getByLabel('Buscar por nome ou e-mail').fill('jose');
      await expect(participantRows(page)).toHaveText(['José Ávila']);
      await page.getByLabel('Buscar por nome ou e-mail').fill('');
      expect(await accessibilityViolations(page)).toEqual([]);

      // On a 390 px phone the header and its menu take one row each, 'Equipe' beside the others;
      // on a 360 x 640 phone the first participant shows on the first screen.
      const size = page.viewportSize();
      if (size && size.width < 768) {
        const header = await page.locator('header.site-header').boundingBox();
        expect(header?.height).toBeLessThan(120);
        const nav = mainNav(page);
        const [home, staff] = await Promise.all([
          nav.getByRole('link', { name: 'Início' }).boundingBox(),
          nav.getByRole('link', { name: 'Equipe' }).boundingBox(),
        ]);
        expect(staff?.y).toBe(home?.y);
        await page.setViewportSize({ width: 360, height: 640 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const first = await participantRows(page).first().boundingBox();
        expect((first?.y ?? Infinity) + (first?.height ?? 0)).toBeLessThanOrEqual(640);
        await page.setViewportSize(size);
      }
    });

    await test.step('both exports open with their accents', async () => {
      const csv = await downloaded(page, () =>
        page.getByRole('button', { name: 'Baixar CSV' }).click(),
      );
      expect(csv.name).toMatch(new RegExp(`^inscritos-${course.slug}-turma-\\d{4}-[12]\\.csv$`));
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.bytes.subarray(3).toString('utf8').trim().split('\r\n');
      // The class's meetings on every row, as its page says them (decision 075).
      expect(lines[0]).toBe(
        'Nome;E-mail;Celular;Data de inscrição;Situação;Presenças;Turma;Primeiro encontro;Dia;Horário;Duração (min);Encontros;Local',
      );
      expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Ana Souza', 'José Ávila']);
      expect(lines[2]).toMatch(
        /^José Ávila;pessoa-[^;]+@example\.org;[^;]*;\d{2}\/\d{2}\/\d{4};Confirmada;0;Turma \d{4}\/[12];/,
      );
      expect(csv.bytes.includes('sep=')).toBe(false);

      const xlsx = await downloaded(page, () =>
        page.getByRole('button', { name: 'Baixar Excel (.xlsx)' }).click(),
      );
      expect(xlsx.name).toMatch(new RegExp(`^inscritos-${course.slug}-turma-\\d{4}-[12]\\.xlsx$`));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).values).toEqual([
        undefined,
        'Nome',
        'E-mail',
        'Celular',
        'Data de inscrição',
        'Situação',
        'Presenças',
        ...'Turma;Primeiro encontro;Dia;Horário;Duração (min);Encontros;Local'.split(';'),
      ]);
      expect(sheet?.getCell('A3').value).toBe('José Ávila');
      expect(sheet?.getCell('D3').value).toBeInstanceOf(Date);
    });

    await test.step('places and the opening date change, and the public page follows', async () => {
      await page.getByRole('link', { name: 'Configurações' }).click();
      const places = page.getByLabel('Vagas');
      await expect(places).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await places.fill('1');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'O número de vagas não pode ser menor que o de inscrições já feitas (2).',
      );
      // Beside its field, not at the bottom of the form.
      await expect(places).toHaveAccessibleDescription(/^O número de vagas não pode ser menor/);
      await expect(places).toBeFocused();
      await places.fill('5');
      await page.getByLabel('Abertura das inscrições').fill('2030-01-15T09:00');
      // The invite link exactly as WhatsApp shares it.
      const invite = page.getByLabel('Convite do grupo de WhatsApp');
      await invite.fill('https://chat.whatsapp.com/Fh3kQm9ZpL2xW7vB1nT4yR?mode=ems_copy_t');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(invite).toHaveValue('Fh3kQm9ZpL2xW7vB1nT4yR');
      // One message at a time: a new submit takes 'Configurações salvas.' away.
      await page.getByLabel('Número de encontros').fill('0');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByRole('alert')).toHaveText('Número de encontros: use pelo menos 1.');
      await expect(page.getByText('Configurações salvas.')).toHaveCount(0);
      await page.getByLabel('Número de encontros').fill('');

      const visitor = await otherPersonPage(browser, ownServer.origin);
      await visitor.goto(coursePath);
      await expect(visitor.getByText('As inscrições abrem em 15/01/2030 às 09h00.')).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Quero me inscrever' })).toHaveCount(0);
      // No button, so no 'clique no botão abaixo' either.
      await expect(visitor.getByRole('region', { name: 'Inscrição' })).not.toContainText(
        'clique no botão abaixo',
      );
      await visitor.context().close();
    });

    await test.step('Secretaria is granted, and sees lists but no settings', async () => {
      await page.getByRole('link', { name: 'Funções' }).click();
      await expect(page.getByText(coordinatorEmail)).toBeVisible();
      await expect(page.getByText('(definida na configuração do servidor')).toBeVisible();
      await expect(page.getByText(/ADMIN_EMAILS/)).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('E-mail da conta').fill(secretaryEmail);
      await page.getByLabel('Função').selectOption('secretaria');
      await page.getByRole('button', { name: 'Conceder' }).click();
      await expect(page.getByText('Função concedida.')).toBeVisible();
      await expect(page.getByText('Cecília Secretária')).toBeVisible();

      await secretary.reload();
      await mainNav(secretary).getByRole('link', { name: 'Equipe' }).click();
      await expect(secretary.getByText('Sua função: Secretaria')).toBeVisible();
      await secretary.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      await expect(participantRows(secretary)).toHaveText(['Ana Souza', 'José Ávila']);
      await expect(secretary.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
      await expect(secretary.getByLabel('Vagas')).toHaveCount(0);
      expect(
        await apiStatusWithStoredToken(secretary, `/api/staff/courses/${course.slug}/settings`),
      ).toBe(403);
    });

    await test.step('attendance at the door: dated meetings, today first, none ahead, everyone at once', async () => {
      // Meetings weekly from two weeks ago at 00h00 (São Paulo): the 3rd is today and has begun.
      const clock = wallClockAt(new Date());
      const today = `${clock.year}-${clock.month}-${clock.day}`;
      await page.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      firstMeeting = addDays(today, -14);
      await page.getByLabel('Primeiro encontro').fill(firstMeeting);
      await page.getByLabel('Horário dos encontros').fill('00:00');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      // A first meeting already past: asked before anything is sent.
      await expect(page.getByRole('alertdialog')).toContainText('já passou');
      await Promise.all([
        page.waitForResponse(
          (r) => new URL(r.url()).pathname.endsWith('/settings') && r.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Salvar mesmo assim' }).click(),
      ]);

      await page.goto(`/equipe?curso=${course.slug}&aba=presenca`);
      const menu = page.getByLabel('Encontro', { exact: true });
      await expect(menu).toHaveValue('3');
      await expect(menu.locator('option:checked')).toHaveText(formatMeetingOption(3, today));
      await expect(menu.locator('option').nth(3)).toHaveText(
        formatMeetingOption(4, addDays(today, 7)),
      );
      const markAll = page.getByRole('button', { name: 'Marcar todos como presentes' });

      // Next week's meeting has not happened: nothing to mark, and the screen says why.
      await menu.selectOption('4');
      await expect(
        page.getByText(/^Este encontro ainda não aconteceu: a presença pode/),
      ).toBeVisible();
      await expect(markAll).toBeDisabled();
      await expect(page.getByRole('checkbox', { name: 'Ana Souza' })).toBeDisabled();
      expect(await accessibilityViolations(page)).toEqual([]);

      await menu.selectOption('3');
      await markAll.click();
      await expect(
        page.getByText(
          '2 participantes marcados como presentes no 3º encontro. Se alguém faltou, desmarque o nome e clique em “Salvar presença”.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'José Ávila' })).toBeChecked();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Ana Souza' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'José Ávila' })).toBeChecked();
      await page.goto('/equipe');
      await expect(
        page.getByRole('listitem').filter({ hasText: course.title }).first(),
      ).toContainText('3º 2');
    });

    await test.step('a removal frees the place', async () => {
      await page.goto(`/equipe?curso=${course.slug}`);
      await page.getByRole('button', { name: 'Remover José Ávila' }).click();
      await page.getByRole('button', { name: 'Confirmar remoção' }).click();
      const toast = page.getByText('Participante removido. A vaga foi liberada.');
      await expect(toast).toBeVisible();
      await expect(participantRows(page)).toHaveText(['Ana Souza']);
      const availability = (await (await page.request.get('/api/courses/availability')).json()) as {
        courses: Record<string, { places: number; placesLeft: number }>;
      };
      expect(availability.courses[course.slug]).toMatchObject({ places: 5, placesLeft: 4 });
      // The removed person no longer counts as present.
      await page.goto('/equipe');
      await expect(
        page.getByRole('listitem').filter({ hasText: course.title }).first(),
      ).toContainText('3º 1');
    });

    await test.step('the record shows each action', async () => {
      // Opened afresh (the bookmarkable address), without the toast above: axe reads the record alone.
      await page.goto('/equipe?secao=registro');
      const record = page.getByRole('list').filter({ hasText: 'Coordenadora Lúcia' });
      for (const text of [
        'Viu a lista de participantes',
        'Exportou a lista (CSV)',
        'Exportou a lista (Excel)',
        'Alterou as configurações do curso',
        'Concedeu uma função (Secretaria)',
        'Removeu um participante',
      ]) {
        await expect(record.getByText(text).first()).toBeVisible();
      }
      await expect(record.getByText('Cecília Secretária').first()).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step('the record pages, filters and says what changed', async () => {
      // 60 views of two meetings' attendance, alternating: different views, one row each.
      const statuses = await page.evaluate(async (base) => {
        const token = localStorage.getItem(window.location.host) ?? '';
        const answers: number[] = [];
        for (let i = 0; i < 60; i++) {
          const response = await fetch(`${base}/attendance/${(i % 2) + 1}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          answers.push(response.status);
        }
        return answers;
      }, `/api/staff/courses/${course.slug}`);
      expect(new Set(statuses)).toEqual(new Set([200]));
      // The overview seen again and again is one row with its count.
      await page.goto('/equipe');
      await page.goto('/equipe?secao=registro');
      const record = page.getByRole('list', { name: 'Ações registradas' });
      const rows = record.locator(':scope > li');
      await expect(rows).toHaveCount(50);
      await expect(record.getByText('Exportou a lista (CSV)')).toHaveCount(0);
      // Nothing in the record widens the page past the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await page.getByRole('button', { name: 'Mais antigas' }).click();
      await expect(record.getByText('Exportou a lista (CSV)')).toBeVisible();
      expect(await rows.count()).toBeGreaterThan(50);
      await expect(record.getByText(/Viu a visão geral dos cursos \(\d+×\)/).first()).toBeVisible();

      await page.getByLabel('Ação').selectOption({ label: 'Alterou as configurações do curso' });
      // Newest first: the meetings set for attendance, then places and the opening.
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByRole('listitem').first()).toContainText('Primeiro encontro');
      await expect(rows.last().getByRole('listitem')).toHaveText([
        'Vagas: padrão → 5',
        'Código de convite do grupo de WhatsApp: padrão → Fh3kQm9ZpL2xW7vB1nT4yR',
        'Abertura das inscrições: padrão → 15/01/2030 às 09h00',
      ]);
      await page.getByLabel('Ação').selectOption({ label: 'Todas' });
      await page
        .getByLabel('Pessoa da equipe')
        .selectOption({ label: `Cecília Secretária (${secretaryEmail})` });
      await expect(rows.first()).toContainText('Cecília Secretária');
      for (const text of await rows.allInnerTexts()) expect(text).toContain('Cecília Secretária');
      await page.getByLabel('Pessoa da equipe').selectOption({ label: 'Todas' });
      await page.getByLabel('Curso').selectOption({ label: course.title });
      await expect(rows.first()).toContainText(`Curso: ${course.title}`);
      // With a course, what participants did to its places (José was removed: no longer there).
      await expect(
        page.getByRole('list', { name: 'Inscrições e lista de espera' }).getByRole('listitem'),
      ).toHaveText([/Ana Souza se inscreveu$/]);

      // A participant is named, and their name filters the record by them.
      await page.getByLabel('Ação').selectOption({ label: 'Removeu um participante' });
      await page.getByRole('button', { name: 'Ver as ações sobre José Ávila' }).click();
      await expect(page.getByText('Ações sobre José Ávila')).toBeVisible();
      await page.getByLabel('Ação').selectOption({ label: 'Todas' });
      // His removal last, after the lists and files that held him (decision 078).
      await expect(rows.first()).toContainText('Removeu um participante');
      await expect(rows.filter({ hasText: 'Exportou a lista (CSV)' }).first()).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step('attendance without a connection: kept as a enviar, sent when it returns, by name at the door', async () => {
      // José was removed: Ana alone, present at today's meeting.
      const sheet = `/equipe?curso=${course.slug}&aba=presenca`;
      await page.goto(sheet);
      await expect(page.getByLabel('Encontro', { exact: true })).toHaveValue('3');
      const box = (name: string) => page.getByRole('checkbox', { name });
      const ana = page.locator('label', { hasText: 'Ana Souza' });
      await expect(box('Ana Souza')).toBeChecked();

      // The hall has no signal: the tick stays on the phone, and says so.
      await page.context().setOffline(true);
      await box('Ana Souza').uncheck();
      await expect(page.getByText(/^1 marcação a enviar/)).toBeVisible();
      await expect(ana).toContainText('a enviar');
      const search = page.getByLabel('Buscar pelo nome');
      await search.fill('Carlos');
      await expect(
        page.getByText('Não encontrado: ninguém desta turma tem esse nome.'),
      ).toBeVisible();

      // Later, the secretary, online, saves Ana present at the same meeting.
      await secretary.goto(sheet);
      await expect(secretary.getByRole('checkbox', { name: 'Ana Souza' })).toBeChecked();
      await secretary.getByRole('button', { name: 'Salvar presença' }).click();
      await expect(secretary.getByText('Presença salva.')).toBeVisible();

      // The signal returns as the tab is reloaded: the mark is still there, 'a enviar', until
      // the server has it (its request held back here, to be seen), then sent once.
      const held: Route[] = [];
      await page.route(/\/attendance\/3/, async (route) => {
        if (route.request().method() === 'POST') held.push(route);
        else await route.continue();
      });
      await page.context().setOffline(false);
      await page.reload();
      await expect(ana).toContainText('a enviar');
      await expect(box('Ana Souza')).not.toBeChecked();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.unroute(/\/attendance\/3/);
      // A request of the page before the reload is gone with it; the reloaded page's goes through.
      for (const route of held) await route.continue().catch(() => undefined);
      await expect(page.getByText(/a enviar/)).toHaveCount(0);

      // The last mark made wins, not the last sent: Ana present, on both phones, counted once.
      for (const screen of [page, secretary]) {
        await screen.reload();
        await expect(screen.getByText(/: 1 de 1 presentes$/)).toBeVisible();
      }
      await page.getByLabel('Buscar pelo nome').fill('souza');
      await page.getByRole('button', { name: 'Ana Souza' }).click();
      await expect(page.getByText('Ana Souza: já marcado como presente.')).toBeVisible();
      await page.goto('/equipe');
      await expect(
        page.getByRole('listitem').filter({ hasText: course.title }).first(),
      ).toContainText('3º 1');
    });

    await test.step("a new term: 'Nova turma', switching classes, 'Encerrar turma' read-only", async () => {
      await page.goto(`/equipe?curso=${course.slug}&aba=turmas`);
      const classes = page.getByRole('list', { name: 'Turmas do curso' }).getByRole('listitem');
      await expect(classes).toHaveCount(1);
      // Before its opening it is not said open (decision 075).
      await expect(classes.first()).toContainText(
        'Inscrições ainda não abertasAbrem em 15/01/2030 às 09h00Inscritos: 1 de 5 vagas',
      );
      const first = (await classes.first().getByRole('link').textContent()) ?? '';

      await page.getByRole('button', { name: 'Nova turma' }).click();
      // Prefilled as 'Preparar próximo semestre' would: a term later, the enrolment opening as
      // far from the first meeting as the latest class's (decision 105).
      await expect(page.getByLabel('Nome da turma')).toHaveValue(/^Turma \d{4}\/[12]$/);
      const ahead = (Date.parse('2030-01-15') - Date.parse(firstMeeting)) / 86_400_000;
      const opening = addDays(await page.getByLabel('Primeiro encontro').inputValue(), ahead);
      await expect(page.getByLabel('Abertura das inscrições')).toHaveValue(`${opening}T09:00`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Nome da turma').fill('Turma 2027/1');
      await page.getByLabel('Vagas').fill('2');
      await page.getByRole('button', { name: 'Criar turma' }).click();
      await expect(page.getByText('Turma 2027/1 criada (planejada).')).toBeVisible();
      await expect(classes.nth(1)).toContainText(
        `Turma 2027/1PlanejadaAbrem em ${formatDate(opening)} às 09h00Inscritos: 0 de 2 vagas`,
      );
      await page.getByRole('button', { name: 'Abrir inscrições da Turma 2027/1' }).click();
      await expect(page.getByText('Inscrições da Turma 2027/1 abertas.')).toBeVisible();
      await expect(classes.nth(1)).toContainText(
        `Turma 2027/1Inscrições ainda não abertasAbrem em ${formatDate(opening)}`,
      );

      // Each class its own participants.
      await classes.nth(1).getByRole('link').click();
      await expect(page.getByText('0 participantes')).toBeVisible();
      await page.getByRole('link', { name: 'Turmas' }).click();
      await classes.first().getByRole('link').click();
      await expect(participantRows(page)).toHaveText(['Ana Souza']);

      await page.getByRole('link', { name: 'Turmas' }).click();
      await page.getByRole('button', { name: `Encerrar turma ${first}` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Encerrar ${first}?` });
      await expect(dialog).toContainText('deixa de ocupar vagas');
      await expect(dialog).toContainText('apenas para consulta');
      expect(await accessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirmar encerramento' }).click();
      // Its meetings go on: the dialog says how many remain and asks again.
      await expect(dialog.getByRole('alert')).toContainText(/^Ainda faltam \d+ encontros/);
      await dialog.getByRole('button', { name: 'Encerrar mesmo assim' }).click();
      // Ana was at one meeting of many: under 75 %.
      await expect(
        page.getByText(`${first} encerrada: 0 participantes concluíram e 1 não concluiu.`),
      ).toBeVisible();
      await expect(classes.first()).toContainText('ConcluídaInscritos: 0 de 5 vagas');
      // The classes fit a 360 px phone (nothing in the course's view scrolls sideways).
      const size = page.viewportSize();
      if (size && size.width < 768) await page.setViewportSize({ width: 360, height: 640 });
      const view = page.locator('.staff__course-view');
      expect(await view.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      const box = await view.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      if (size) await page.setViewportSize(size);

      // The concluded class: its people and marks to read, nothing to change.
      await classes.first().getByRole('link').click();
      await expect(participantRows(page)).toHaveText(['Ana Souza']);
      await expect(page.getByText(/^Turma concluída: participantes, presença/)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remover/ })).toHaveCount(0);
      await page.getByRole('link', { name: 'Presença' }).click();
      // The menu (the read-only list of marks is named after its meeting too).
      await page.getByLabel('Encontro', { exact: true }).selectOption('3');
      await expect(page.getByText('Ana Souza: Presente')).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Salvar presença' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Configurações' }).click();
      await expect(page.getByText('Vagas', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Salvar configurações' })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("'Relatórios': the term in figures, each chart with its table and CSV", async () => {
      await page.getByRole('link', { name: 'Relatórios' }).click();
      await expect(page).toHaveURL('/equipe?secao=relatorios');
      // The concluded class's year (its first meeting was two weeks ago).
      const clock = wallClockAt(new Date());
      const year = addDays(`${clock.year}-${clock.month}-${clock.day}`, -14).slice(0, 4);
      await page.getByLabel('Ano').selectOption(year);
      await expect(
        page.getByRole('heading', { level: 2, name: `Relatórios de ${year}` }),
      ).toBeVisible();
      const places = page.getByRole('table', { name: 'Vagas ocupadas por turma' });
      await expect(places.getByRole('rowheader').filter({ hasText: course.title })).not.toHaveCount(
        0,
      );
      // Ana was the class's one participant, and did not complete it.
      const byCourse = page.getByRole('table', { name: 'Conclusão por curso' });
      await expect(byCourse.getByRole('row').filter({ hasText: course.title })).toHaveText(
        `${course.title}010 %`,
      );
      const csv = await downloaded(page, () =>
        page.getByRole('button', { name: /^Baixar CSV\s*:\s*Conclusão por curso$/ }).click(),
      );
      expect(csv.name).toBe(`relatorio-conclusao-por-curso-${year}.csv`);
      expect(csv.bytes.toString('utf8')).toContain(`${course.title};0;1;0 %`);
      expect(await page.locator('.reports__chart canvas').count()).toBeGreaterThan(1);
      await reviewShot(page, `relatorios-${page.viewportSize()?.width ?? 0}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step('a participant gets neither the link nor any staff data', async () => {
      await ana.goto('/');
      await expect(mainNav(ana).getByRole('link', { name: 'Perfil' })).toBeVisible();
      await expect(mainNav(ana).getByRole('link', { name: 'Equipe' })).toHaveCount(0);
      await ana.goto('/equipe');
      await expect(
        ana.getByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
      ).toBeVisible();
      expect(await apiStatusWithStoredToken(ana, '/api/staff/courses')).toBe(403);
      expect(
        await apiStatusWithStoredToken(ana, `/api/staff/courses/${course.slug}/participants`),
      ).toBe(403);
    });

    for (const other of [jose, ana, secretary]) await other.context().close();
  },
);
