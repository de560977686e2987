/**
 * A class's meetings as dates (decision 091) and the centre's recesses (decision 092), on a server
 * of its own with its own SMTP server. Ana enrols in the content's class; Coordenação skips a
 * holiday and cancels a meeting with a message from the class's 'Encontros': the course page as
 * served, Ana's e-mail and its `.ics` (the date excluded, the meeting cancelled under the same
 * event) and attendance (the meetings held only) follow. Then a recess entered once skips the
 * meetings in it in every class, its people told, and `/horarios` shows it. A second server
 * reminds every 2 s: the reminder of a class brought forward to tomorrow names its date skipped,
 * which its `.ics` leaves out.
 */
import {
  addDays,
  allCourses,
  applyRecesses,
  coursePath,
  formatDate,
  formatShortDate,
  getProgramme,
  type Recess,
  wallClockAt,
  weekdayNames,
  weekdayOf,
} from '@centro/content';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith, sentTo } from './support/smtp';
import { reviewShot } from './support/review-shot';

const course = getProgramme('escola-de-mediuns').courses[0];
if (!course) throw new Error('No course');
const path = coursePath(course);
const coordinatorEmail = uniqueEmail();
const meetingsTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });
// The reminder job looks every 2 s (a minute by default): the test waits for it, not for a minute.
const reminderTest = mailServerTestWith({
  ADMIN_EMAILS: coordinatorEmail,
  CLASS_REMINDERS_EVERY_SECONDS: '2',
});

// The content's weekly rule: the holiday is its second date, the cancelled meeting its third.
const start = course.meetings.firstMeeting;
const [holiday, cancelled] = [addDays(start, 7), addDays(start, 14)];
const recess: Recess = {
  name: 'Recesso de fim de ano',
  startsOn: addDays(start, 21),
  endsOn: addDays(start, 23),
  then: 'later',
};

/** What a visitor without JavaScript reads of a page. */
async function servedText(origin: string, at: string): Promise<string> {
  const html = await (await fetch(`${origin}${at}`)).text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The date `date` in the class's 'Encontros'. */
const dateItem = (page: Page, date: string) =>
  page.locator('.staff__meeting-list > li').filter({ hasText: formatShortDate(date) });

meetingsTest(
  'a holiday skipped and a meeting cancelled reach every surface; a recess every class',
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(180_000);
    // The new screens, for review at 390 px and on a laptop when SHOTS_DIR is set (not in CI).
    const shot = (screen: Page, name: string, part: string) =>
      reviewShot(screen, name, { part, widths: [390, 1280] });
    const codeFor = codeReader(smtp);
    const ana = await otherPersonPage(browser, ownServer.origin);
    const anaEmail = uniqueEmail();
    const changes = () =>
      smtp.received.filter(
        (m) => sentTo(m, anaEmail) && /^Mudança nos encontros: /.test(m.subject ?? ''),
      );

    await test.step('Ana enrols; Coordenação skips a holiday and cancels a meeting', async () => {
      await signUpFrom(ana, path, { email: anaEmail, name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      await signUpFrom(page, path, { email: coordinatorEmail, name: 'Lúcia Coord', codeFor });
      await page.goto(`/equipe?curso=${course.slug}&aba=encontros`);

      await dateItem(page, holiday).getByRole('button', { name: 'Mudar este encontro' }).click();
      await page.getByLabel('Pular esta data (feriado, recesso)').check();
      await page.getByLabel('Motivo (opcional)').fill('Feriado');
      await page.getByLabel('A turma termina uma semana depois').check();
      await page.getByRole('button', { name: 'Confirmar mudança' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Encontros atualizados. Avisamos 1 pessoa por e-mail.',
      );
      await expect(dateItem(page, holiday)).toContainText('Sem encontro: Feriado');

      await dateItem(page, cancelled).getByRole('button', { name: 'Mudar este encontro' }).click();
      await page.getByLabel('Cancelar, com uma mensagem à turma').check();
      await page.getByLabel('Mensagem para a turma').fill('Reforma do salão');
      await page.getByRole('button', { name: 'Confirmar mudança' }).click();
      await expect(dateItem(page, cancelled)).toContainText('Cancelado: Reforma do salão');
      await shot(page, 'staff-class-meetings', '.staff__meetings');
    });

    const skippedLine = `Sem encontro em quinta-feira, ${formatDate(holiday)} (Feriado)`;
    const cancelledLine = `Encontro de quinta-feira, ${formatDate(cancelled)} cancelado: Reforma do salão`;

    await test.step('the course page as served says both', async () => {
      await expect
        .poll(() => servedText(ownServer.origin, path), { timeout: 15_000 })
        .toContain(cancelledLine);
      expect(await servedText(ownServer.origin, path)).toContain(skippedLine);
      await ana.goto(path);
      await expect(ana.getByRole('region', { name: 'Encontros' })).toContainText(skippedLine);
    });

    await test.step("Ana's e-mail and its .ics: the date excluded, the meeting cancelled", async () => {
      await expect.poll(() => changes().length, { timeout: 15_000 }).toBe(2);
      const message = changes()[1];
      expect(message?.text).toContain(skippedLine);
      expect(message?.text).toContain(cancelledLine);
      const ics = message?.attachments.find((a) => a.filename === `${course.slug}.ics`);
      const text = ics?.content.toString('utf8') ?? '';
      expect(text).toContain(`EXDATE;TZID=America/Sao_Paulo:${holiday.replaceAll('-', '')}T193000`);
      const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
      const uids = new Set(events.map((e) => String(e.getFirstPropertyValue('uid'))));
      expect(uids.size).toBe(1);
      const gone = events.find((e) => e.getFirstPropertyValue('status') === 'CANCELLED');
      expect(String(gone?.getFirstPropertyValue('recurrence-id'))).toBe(`${cancelled}T19:30:00`);
    });

    await test.step('attendance lists the meetings held only', async () => {
      await page.getByRole('link', { name: 'Presença' }).click();
      const options = page.getByLabel('Encontro', { exact: true }).locator('option');
      await expect(options).toHaveCount(course.meetings.count - 1);
      const texts = await options.allTextContents();
      for (const date of [holiday, cancelled]) {
        expect(texts.some((t) => t.includes(formatShortDate(date)))).toBe(false);
      }
      expect(texts[1]).toBe(`2º encontro — ${formatShortDate(addDays(start, 21))}`);
    });

    await test.step('a recess entered once skips its meetings in every class', async () => {
      // Every class of the content whose weekly dates fall in the recess.
      const hit = allCourses().filter(
        (c) => applyRecesses(c.meetings, [recess]).length > (c.meetings.changes?.length ?? 0),
      );
      expect(hit.length).toBeGreaterThan(1);
      await page.goto('/equipe');
      const recesses = page.getByRole('group').filter({ hasText: 'Recessos do centro' });
      await recesses.getByLabel('Nome').fill(recess.name);
      await recesses.getByLabel('Primeiro dia').fill(recess.startsOn);
      await recesses.getByLabel('Último dia').fill(recess.endsOn);
      await recesses.getByLabel('A turma termina uma semana depois').check();
      await recesses.getByRole('button', { name: 'Cadastrar recesso' }).click();
      await expect(recesses.getByRole('status')).toHaveText(
        `Recesso cadastrado. ${hit.length} turmas mudaram; avisamos 1 pessoa por e-mail.`,
      );
      await shot(page, 'staff-recesses', '.staff__recesses');
      await expect.poll(() => changes().length, { timeout: 15_000 }).toBe(3);

      const other = hit.find((c) => c.meetings.weekday !== course.meetings.weekday) ?? hit[1];
      for (const c of [course, other]) {
        if (!c) continue;
        await expect
          .poll(() => servedText(ownServer.origin, coursePath(c)), { timeout: 15_000 })
          .toContain(`(${recess.name})`);
      }
      await expect
        .poll(() => servedText(ownServer.origin, '/horarios'), { timeout: 15_000 })
        .toContain(
          `${recess.name}: de ${formatDate(recess.startsOn)} a ${formatDate(recess.endsOn)}`,
        );
      await ana.goto('/horarios');
      await expect(ana.getByRole('region', { name: 'Recessos' })).toBeVisible();
      await shot(ana, 'horarios-recess', 'main');
    });

    await ana.context().close();
  },
);

reminderTest(
  'the reminder of a class starting tomorrow names the holiday skipped after it',
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(120_000);
    const codeFor = codeReader(smtp);
    // Tomorrow (São Paulo's calendar, as meetings are kept): within the reminder's two days.
    const tomorrow = wallClockAt(new Date(Date.now() + 24 * 60 * 60_000));
    const first = `${tomorrow.year}-${tomorrow.month}-${tomorrow.day}`;
    const skipped = addDays(first, 14);
    const firstMeeting = async (date: string) => {
      await page.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      await page.getByLabel('Primeiro encontro').fill(date);
      await page.getByLabel('Horário dos encontros').fill('19:30');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.')).toBeVisible();
    };
    const ana = await otherPersonPage(browser, ownServer.origin);
    const anaEmail = uniqueEmail();

    // The class is reminded once, when its first meeting comes within two days, of the people
    // enrolled then: it starts a week later first, Ana enrols, and then it is brought forward.
    await test.step('a week from tomorrow, its date in three weeks skipped; Ana enrols', async () => {
      await signUpFrom(page, path, { email: coordinatorEmail, name: 'Lúcia Coord', codeFor });
      await firstMeeting(addDays(first, 7));
      await page.goto(`/equipe?curso=${course.slug}&aba=encontros`);
      await dateItem(page, skipped).getByRole('button', { name: 'Mudar este encontro' }).click();
      await page.getByLabel('Pular esta data (feriado, recesso)').check();
      await page.getByLabel('Motivo (opcional)').fill('Feriado');
      await page.getByLabel('A turma termina uma semana depois').check();
      await page.getByRole('button', { name: 'Confirmar mudança' }).click();
      await expect(dateItem(page, skipped)).toContainText('Sem encontro: Feriado');
      await signUpFrom(ana, path, { email: anaEmail, name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
    });

    await test.step('brought forward to tomorrow: the reminder says the date skipped', async () => {
      await firstMeeting(first);
      const reminders = () =>
        smtp.received.filter(
          (m) => sentTo(m, anaEmail) && /^Lembrete: sua turma começa /.test(m.subject ?? ''),
        );
      await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1);
      const reminder = reminders()[0];
      expect(reminder?.subject).toContain(`${tomorrow.day}/${tomorrow.month} às 19h30`);
      expect(reminder?.text).toContain(
        `Sem encontro em ${weekdayNames[weekdayOf(skipped)]}, ${formatDate(skipped)} (Feriado)`,
      );
      const ics = reminder?.attachments.find((a) => a.filename === `${course.slug}.ics`);
      expect(ics?.content.toString('utf8')).toContain(
        `EXDATE;TZID=America/Sao_Paulo:${skipped.replaceAll('-', '')}T193000`,
      );
    });

    await ana.context().close();
  },
);
