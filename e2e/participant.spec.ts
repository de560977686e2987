/**
 * The participant's own space, in Chromium on a server of its own that sends e-mail to
 * an SMTP server the test starts: a course with one place is filled by Ana; Bruno and Carla join its
 * waiting list (each e-mailed their position); Ana cancels from 'Minhas inscrições' (and is e-mailed
 * that it is done); Bruno's page then shows his place and the e-mail saying his waiting ended
 * arrives; Bruno downloads his data and deletes his account, after which he
 * cannot sign in, no table holds him, and his place went to Carla.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { getProgramme } from '@centro/content';
import type { MyData } from '@centro/contracts';
import type { Page } from '@playwright/test';
import {
  mainNav,
  otherPersonPage,
  PASSWORD,
  signUpFrom,
  uniqueEmail,
  userDetailsLoaded,
} from './support/accounts';
import { codeReader, mailServerTest, sentTo } from './support/smtp';
import { accessibilityViolations } from './support/test';
import { closeToasts } from './support/toasts';
import { reviewShot } from './support/review-shot';
import { expect, test, type ProductServer } from './support/sign-in-server';

const programme = getProgramme('escola-de-mediuns');
// A course anyone may enrol in (the '… II' courses require their '… I': decision 061).
const course = programme.courses[2] ?? programme.courses[0];
if (!course) throw new Error('No course');
const coursePath = `/escola-de-mediuns/${course.slug}`;

const participantTest = mailServerTest;

// The refused sign-in of the deleted account is the provider's form answered with 400; the ended
// session's tokens are answered 401.
participantTest.use({ allowConsoleErrors: [/status of 40[01]/] });

/** Runs `sql` on the server's embedded database. */
function database<T>(server: ProductServer, run: (db: SQLite.Database) => T): T {
  const db = new SQLite(join(server.dataDir, 'centro.sqlite'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** Reloads the course page until it shows `text` (a promotion finishes in the background). */
async function courseShows(page: Page, text: string) {
  await expect(async () => {
    await page.goto(coursePath);
    await expect(page.getByText(text)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

participantTest(
  'the waiting list moves on a cancellation, and a person takes their data and leaves',
  async ({ page, browser, smtp, ownServer }) => {
    participantTest.slow();
    const codeFor = codeReader(smtp);
    database(ownServer, (db) =>
      db.prepare('update classes set places = 1 where course_slug = ?').run(course.slug),
    );
    const ana = await otherPersonPage(browser, ownServer.origin);
    const carla = await otherPersonPage(browser, ownServer.origin);
    const brunoEmail = uniqueEmail();
    const anaEmail = uniqueEmail();
    /** The one message to `email` whose subject starts with `subject`, once it arrived. */
    const mailTo = async (email: string, subject: string) => {
      const found = () =>
        smtp.received.filter((m) => m.subject?.startsWith(subject) === true && sentTo(m, email));
      await expect.poll(() => found().length, { timeout: 15_000 }).toBe(1);
      return found()[0] as (typeof smtp.received)[number];
    };

    await test.step('Ana takes the only place; Bruno, then Carla, join the waiting list', async () => {
      await signUpFrom(ana, coursePath, { email: anaEmail, name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(
        ana.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
      ).toBeVisible();

      await signUpFrom(page, coursePath, { email: brunoEmail, name: 'Bruno Lima', codeFor });
      await expect(page.getByText('Vagas esgotadas para este curso.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
      await expect(page.getByText('Você está na lista de espera (posição 1).')).toBeVisible();
      const waiting = await mailTo(brunoEmail, 'Lista de espera: ');
      expect(waiting.text).toContain('Sua posição na fila: 1º.');

      await signUpFrom(carla, coursePath, { name: 'Carla Dias', codeFor });
      await carla.getByRole('button', { name: 'Entrar na lista de espera' }).click();
      await expect(carla.getByText('Você está na lista de espera (posição 2).')).toBeVisible();
    });

    await test.step('Ana cancels from Minhas inscrições', async () => {
      await ana.goto('/perfil');
      const mine = ana.getByRole('region', { name: 'Minhas inscrições' });
      await expect(mine.getByRole('link', { name: course.title })).toBeVisible();
      await expect(mine).toContainText('Inscrição confirmada');
      await mine.getByRole('button', { name: `Cancelar inscrição: ${course.title}` }).click();
      await mine.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      // The class stays in her history, cancelled, with nothing left to cancel.
      await expect(mine.getByText(/Cancelada$/)).toBeVisible();
      await expect(mine.getByRole('button', { name: /Cancelar inscrição/ })).toHaveCount(0);
      const cancelled = await mailTo(anaEmail, 'Inscrição cancelada: ');
      expect(cancelled.text).toContain('foi cancelada, como você pediu.');
    });

    await test.step("Ana's 'Sair' on another phone ends this session; she signs in again, back on the same page", async () => {
      // 'Sair' ends the tokens issued before its second (tokens carry whole seconds, and one from
      // the same second still passes so that signing straight back in works: decision 047). On a
      // fast machine this page's last token can share that second: let the clock move on first.
      await ana.waitForTimeout(1100);
      const phone = await otherPersonPage(browser, ownServer.origin);
      await phone.goto('/');
      await mainNav(phone).getByRole('button', { name: 'Acessar' }).click();
      await phone.getByLabel('E-mail').fill(anaEmail);
      await phone.getByLabel('Senha').fill(PASSWORD);
      // 'Sair' ends the tokens with the page's API token bound to her: pressed before that one
      // arrived it would carry the anonymous token of 'Acessar' (refused, ending nothing).
      const phoneDetails = userDetailsLoaded(phone);
      await phone.getByRole('button', { name: 'Entrar' }).click();
      await phoneDetails;
      await expect(mainNav(phone).getByRole('button', { name: 'Sair' })).toBeEnabled();
      await mainNav(phone).getByRole('button', { name: 'Sair' }).click();
      await expect(mainNav(phone).getByRole('button', { name: 'Acessar' })).toBeEnabled();
      await phone.context().close();

      // This page's tokens were issued before: signed out here, with what happened, not an error.
      await ana.goto('/perfil');
      await expect(ana.getByText('Sua sessão terminou. Entre novamente.')).toBeVisible();
      await expect(mainNav(ana).getByRole('button', { name: 'Acessar' })).toBeEnabled();
      await expect(mainNav(ana).getByRole('button', { name: 'Sair' })).toHaveCount(0);
      await expect(ana.getByText('Erro ao carregar dados. Por favor tente novamente!')).toHaveCount(
        0,
      );
      // 'Sair' ended her sessions at the provider too: the password again, then the same page.
      await mainNav(ana).getByRole('button', { name: 'Acessar' }).click();
      await ana.getByLabel('E-mail').fill(anaEmail);
      await ana.getByLabel('Senha').fill(PASSWORD);
      const details = userDetailsLoaded(ana);
      await ana.getByRole('button', { name: 'Entrar' }).click();
      await details;
      await expect(ana).toHaveURL(/\/perfil$/);
      await expect(ana.getByRole('region', { name: 'Minhas inscrições' })).toContainText(
        'Cancelada',
      );
    });

    await test.step('Bruno gets the place: on the page and by e-mail', async () => {
      await courseShows(page, 'Você está inscrito(a) neste curso.');
      // The box says one thing: the course is full again, but that is not Bruno's news.
      const box = page.getByRole('region', { name: 'Inscrição' });
      await expect(box).not.toContainText('Vagas esgotadas');
      await expect(box).not.toContainText('clique no botão abaixo');
      // The course has no WhatsApp invite yet: no link that leads nowhere.
      await expect(
        page.getByRole('link', { name: 'Entre em nosso grupo de WhatsApp' }),
      ).toHaveCount(0);
      // Not the ordinary confirmation: the message says his waiting ended.
      const promoted = await mailTo(brunoEmail, 'Sua vaga chegou: ');
      expect(promoted.text).toContain('a sua espera terminou');
      expect(
        smtp.received.filter(
          (m) => m.subject?.startsWith('Inscrição confirmada') === true && sentTo(m, brunoEmail),
        ),
      ).toHaveLength(0);
      await expect(carla.getByText('Você está na lista de espera (posição 2).')).toBeVisible();
      await carla.reload();
      await expect(carla.getByText('Você está na lista de espera (posição 1).')).toBeVisible();
    });

    await test.step('Bruno downloads his data', async () => {
      await page.goto('/perfil');
      const mine = page.getByRole('region', { name: 'Minhas inscrições' });
      await expect(mine).toContainText('Inscrição confirmada');
      expect(await accessibilityViolations(page)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar meus dados' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('meus-dados.json');
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MyData;
      expect(data.account).toMatchObject({ name: 'Bruno Lima', signInEmail: brunoEmail });
      expect(data.consentAt).toEqual(expect.any(String));
      expect(data.enrolments).toEqual([
        expect.objectContaining({
          course: course.slug,
          status: 'confirmed',
          promotedAt: expect.any(String),
        }),
      ]);
      expect(data.waitingList).toEqual([]);
      expect(data.history).toEqual([
        expect.objectContaining({ course: course.slug, state: 'enrolled', position: null }),
      ]);
      expect(data.attendance).toEqual([]);
      expect(data.staffActions).toEqual([]);

      // The same, readable: pt-BR headings and São Paulo's clock beside the JSON.
      await page.getByRole('button', { name: 'Ver meus dados' }).click();
      const readable = page.getByRole('region', { name: 'Cadastro', exact: true });
      await expect(readable.getByRole('definition').first()).toHaveText('Bruno Lima');
      await reviewShot(page, 'ver-meus-dados');
      await expect(page.getByRole('region', { name: 'Inscrições', exact: true })).toContainText(
        course.title,
      );
      await expect(page.getByRole('region', { name: 'Inscrições', exact: true })).toContainText(
        /Confirmada desde \d{2}\/\d{2}\/\d{4}, \d{2}h\d{2} \(vaga da lista de espera/,
      );
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step('Bruno deletes his account; his place goes to Carla', async () => {
      const region = page.getByRole('region', { name: 'Meus dados' });
      await region.getByRole('button', { name: 'Excluir minha conta' }).click();
      const confirm = region.getByRole('button', { name: 'Excluir minha conta definitivamente' });
      await expect(confirm).toBeDisabled();
      // The keyboard's lower case is taken; the label says what to type.
      await region
        .getByLabel('Para confirmar, digite a palavra EXCLUIR (em maiúsculas ou minúsculas)')
        .fill('excluir');
      await expect(confirm).toBeEnabled();
      expect(await accessibilityViolations(page)).toEqual([]);
      await confirm.click();
      // Signed out at once, on the home page, with the answer; and an e-mail confirms it.
      await expect(
        page.getByText('Sua conta e todos os seus dados foram excluídos.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(mainNav(page).getByRole('button', { name: 'Acessar' })).toBeEnabled();
      await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toHaveCount(0);
      await expect(mainNav(page).getByRole('link', { name: 'Perfil' })).toHaveCount(0);
      const farewell = (m: (typeof smtp.received)[number]) =>
        m.subject === 'Sua conta foi excluída' && sentTo(m, brunoEmail);
      await expect.poll(() => smtp.received.filter(farewell).length).toBe(1);

      // The answer's toast lies over a phone's header until it is closed or times out.
      await closeToasts(page);
      await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
      await page.getByLabel('E-mail').fill(brunoEmail);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('E-mail ou senha incorretos.').first()).toBeVisible();

      await courseShows(carla, 'Você está inscrito(a) neste curso.');
      const held = database(ownServer, (db) => ({
        accounts: db.prepare('select count(*) as n from accounts where email = ?').get(brunoEmail),
        enrolled: db
          .prepare(
            'select a.display_name as name from enrolments e join accounts a on a.id = e.user_id where e.course_slug = ?',
          )
          .all(course.slug),
      }));
      expect(held.accounts).toEqual({ n: 0 });
      expect(held.enrolled).toEqual([{ name: 'Carla Dias' }]);
    });

    for (const other of [ana, carla]) await other.context().close();
  },
);
