/**
 * A participant moved to another class of the same course (decision 090) on a 390 px phone, with
 * a server that sends its mail: the course's class has one place, taken by Ana, and Bruno waits;
 * Coordenação creates a second class and, from Ana's row in the staff area, moves her there after
 * being asked. Ana is in the new class's participants and is e-mailed its meetings with a calendar
 * file whose event is the new class's and which cancels the old class's (decision 091); the place
 * she left went to Bruno, who is in the old class's participants and is e-mailed that his waiting
 * ended. SHOTS_DIR: the screens, for review (not in CI).
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { formatDate, getProgramme } from '@centro/content';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith, sentTo, type Smtp } from './support/smtp';
import { reviewShot } from './support/review-shot';

const programme = getProgramme('escola-de-mediuns');
// A course anyone may enrol in (the '… II' courses require their '… I': decision 061).
const course = programme.courses[2] ?? programme.courses[0];
if (!course) throw new Error('No course');
const coursePath = `/escola-de-mediuns/${course.slug}`;
const coordinatorEmail = uniqueEmail();
const moveTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });

/** The one message to `email` whose subject starts with `subject`, once it arrived. */
async function mailTo(smtp: Smtp, email: string, subject: string) {
  const found = () =>
    smtp.received.filter((m) => m.subject?.startsWith(subject) === true && sentTo(m, email));
  await expect.poll(() => found().length, { timeout: 15_000, message: subject }).toBe(1);
  return found()[0] as Smtp['received'][number];
}

/** The class id a class's link in the staff 'Turmas' list opens (`?turma=<id>`). */
async function classIdOf(page: Page, name: RegExp) {
  const link = page
    .getByRole('list', { name: 'Turmas do curso' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  return new URLSearchParams(href.slice(href.indexOf('?'))).get('turma') ?? '';
}

/** The names in a class's participants table. */
const participants = (page: Page) =>
  page.getByRole('table', { name: `Participantes de ${course.title}` }).getByRole('rowheader');

moveTest(
  'Coordenação moves a participant to another class; the place left goes to the waiting list',
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(120_000);
    const codeFor = codeReader(smtp);
    const [anaEmail, brunoEmail] = [uniqueEmail(), uniqueEmail()];
    // The course's class holds one person (as participant.spec.ts sets it up).
    const db = new SQLite(join(ownServer.dataDir, 'centro.sqlite'));
    try {
      db.prepare('update classes set places = 1 where course_slug = ?').run(course.slug);
    } finally {
      db.close();
    }
    const newClass = 'Turma de sábado';
    let newFirstMeeting = '';

    await test.step('Coordenação creates a second class of the course (planned)', async () => {
      await signUpFrom(page, coursePath, { email: coordinatorEmail, name: 'Lúcia', codeFor });
      await page.goto(`/equipe?curso=${course.slug}&aba=turmas`);
      await page.getByRole('button', { name: 'Nova turma' }).click();
      await page.getByLabel('Nome da turma').fill(newClass);
      newFirstMeeting = await page.getByLabel('Primeiro encontro').inputValue();
      await page.getByRole('button', { name: 'Criar turma' }).click();
      await expect(page.getByText(`${newClass} criada (planejada).`)).toBeVisible();
    });

    await test.step('Ana takes the only place of the first class; Bruno waits', async () => {
      const ana = await otherPersonPage(browser, ownServer.origin);
      await signUpFrom(ana, coursePath, { email: anaEmail, name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      const bruno = await otherPersonPage(browser, ownServer.origin);
      await signUpFrom(bruno, coursePath, { email: brunoEmail, name: 'Bruno Lima', codeFor });
      await bruno.getByRole('button', { name: 'Entrar na lista de espera' }).click();
      await expect(bruno.getByText('Você está na lista de espera (posição 1).')).toBeVisible();
      await ana.context().close();
      await bruno.context().close();
    });

    await page.goto(`/equipe?curso=${course.slug}&aba=turmas`);
    const fromId = await classIdOf(page, new RegExp(`^(?!${newClass})`));
    const toId = await classIdOf(page, new RegExp(newClass));
    expect(fromId).not.toBe('');
    expect(toId).not.toBe('');

    await test.step('Coordenação moves Ana, after being asked', async () => {
      await page.goto(`/equipe?curso=${course.slug}&turma=${fromId}&aba=participantes`);
      await expect(participants(page)).toHaveText(['Ana Souza']);
      await expect(page.getByRole('region', { name: 'Lista de espera' })).toContainText(
        'Bruno Lima',
      );
      await page.getByRole('button', { name: 'Mover Ana Souza para outra turma' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Mover Ana Souza para outra turma deste curso?');
      await expect(dialog.getByLabel('Turma de destino')).toHaveValue(toId);
      await expect(dialog.getByLabel('Turma de destino').locator('option')).toHaveText([
        `${newClass} (0 de 1 vagas)`,
      ]);
      await reviewShot(page, 'move-confirm');
      await dialog.getByRole('button', { name: 'Confirmar mudança' }).click();
      await expect(
        page.getByText(
          'Participante movido para a outra turma. A pessoa recebeu os novos encontros por e-mail.',
        ),
      ).toBeVisible();
      await reviewShot(page, 'move-done-toast', { part: '.Toastify__toast' });
      // The place she left is Bruno's: the first class lists him, and nobody waits.
      await expect(participants(page)).toHaveText(['Bruno Lima']);
      await expect(page.getByRole('region', { name: 'Lista de espera' })).toContainText(
        'Ninguém na lista de espera.',
      );
      await reviewShot(page, 'move-done');
    });

    await test.step('Ana is in the new class', async () => {
      await page.goto(`/equipe?curso=${course.slug}&turma=${toId}&aba=participantes`);
      await expect(participants(page)).toHaveText(['Ana Souza']);
      await reviewShot(page, 'move-new-class');
    });

    await test.step('Bruno is told his waiting ended', async () => {
      const promoted = await mailTo(smtp, brunoEmail, `Sua vaga chegou: ${course.title}`);
      expect(promoted.text).toContain('abriu uma vaga e a sua espera terminou');
    });

    await test.step("Ana gets the new class's meetings and a calendar that swaps the events", async () => {
      const message = await mailTo(smtp, anaEmail, `Mudança nos encontros: ${course.title}`);
      expect(message.text).toMatch(
        new RegExp(`Primeiro encontro: [^\\n]*${formatDate(newFirstMeeting)}`),
      );
      const ics = message.attachments.find((a) => a.filename === `${course.slug}.ics`);
      const events = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''))
        .getAllSubcomponents('vevent')
        .map((e) => ({
          uid: String(e.getFirstPropertyValue('uid')),
          status: e.getFirstPropertyValue('status'),
          start: String(e.getFirstPropertyValue('dtstart')),
        }));
      const uidOf = (classId: string) => `${course.programme}-${course.slug}-${classId}@`;
      // The new class's event, at its first meeting…
      const joined = events.filter((e) => e.uid.startsWith(uidOf(toId)));
      expect(joined).toHaveLength(1);
      expect(joined[0]?.status).toBeNull();
      expect(joined[0]?.start).toMatch(new RegExp(`^${newFirstMeeting}T`));
      // …and the old class's, cancelled so that it leaves her calendar.
      const left = events.filter((e) => e.uid.startsWith(uidOf(fromId)));
      expect(left.map((e) => e.status)).toEqual(['CANCELLED']);
    });
  },
);
