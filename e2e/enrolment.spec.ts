/**
 * Enrolment from a course page : the real website, server, built-in provider
 * and database, in Chromium.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { getProgramme } from '@centro/content';
import type { Page } from '@playwright/test';
import {
  recordApiCalls,
  signUpFrom,
  trackRequests,
  userDetailsLoaded,
  NAME,
} from './support/accounts';
import { expect, ownServerTest, test } from './support/sign-in-server';

const programme = getProgramme('global-kardec');
const course = programme.courses[1] ?? programme.courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const confirmationPath = '/global-kardec/matricula-finalizada';

/** The enrolment's calls (not the user details the site loads after sign-in on its own). */
const enrolmentCalls = (calls: { path: string }[]) =>
  calls.map((c) => c.path).filter((path) => path !== '/api/user/details');

/**
 * The calls of 'Finalizar inscrição' for a new account: the group alone. The phone and birth date
 * are written before the place only when they differ from the stored ones (decision 048), and the
 * sign-up already stored them once, as the profile shows them (decision 078).
 */
const ENROLMENT_CALLS = ['/api/group/add'];

async function placesLeft(page: Page): Promise<number> {
  const answer = await page.request.get('/api/courses/availability');
  const body = (await answer.json()) as { courses: Record<string, { placesLeft: number }> };
  const entry = body.courses[course?.slug ?? ''];
  if (!entry) throw new Error('No availability for the course');
  return entry.placesLeft;
}

async function expectConfirmation(page: Page) {
  await expect(page).toHaveURL(confirmationPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
  ).toBeVisible();
  await expect(page.getByText(`Olá, ${NAME}!`)).toBeVisible();
  await expect(page.getByText(/oficialmente inscrito\(a\) no curso/)).toContainText(
    course?.title ?? '',
  );
  // The course has no WhatsApp invite yet: no link that leads nowhere, a sentence instead.
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(
    page.getByText('O link do grupo de WhatsApp da turma será enviado a você mais tarde'),
  ).toBeVisible();
}

test("'Finalizar inscrição' enrols once, confirms, and the course page then shows the place", async ({
  page,
}) => {
  await signUpFrom(page, coursePath);
  const before = await placesLeft(page);
  await expect(page.getByText(`Restam ${before} vagas.`)).toBeVisible();
  const calls = recordApiCalls(page);

  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expectConfirmation(page);
  expect(enrolmentCalls(calls)).toEqual(ENROLMENT_CALLS);
  expect(await placesLeft(page)).toBe(before - 1);

  // Back on the course page: the person's place, no second enrolment offered.
  await page.goto(coursePath);
  await expect(page.getByText('Você está inscrito(a) neste curso.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toHaveCount(0);
  expect(await placesLeft(page)).toBe(before - 1);
  await page.goBack();

  // A reload keeps the history entry's state; a typed address has none: a way back, never blank.
  await page.reload();
  await expectConfirmation(page);
  await page.goto('/');
  await page.goto(confirmationPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para Global Kardec' })).toBeVisible();
});

test("a press of 'Finalizar inscrição' while its code is still on the way enrols, once", async ({
  page,
}) => {
  // The enrolment's code loads once the button shows (decision 034): held back here, as on a slow
  // connection, so the press comes while it is still on the way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let codeRequested = false;
  await page.route(/\/assets\/enrol-[\w-]+\.js$/, async (route) => {
    codeRequested = true;
    await held;
    await route.continue();
  });
  await signUpFrom(page, coursePath);
  const before = await placesLeft(page);
  await expect(page.getByText(`Restam ${before} vagas.`)).toBeVisible();
  const calls = recordApiCalls(page);
  const button = page.getByRole('button', { name: 'Finalizar inscrição' });
  await button.click();
  // Busy while the code arrives: a second press cannot start a second enrolment.
  await expect(button).toBeDisabled();
  expect(codeRequested).toBe(true);
  expect(enrolmentCalls(calls)).toEqual([]);
  release();
  await expectConfirmation(page);
  expect(enrolmentCalls(calls)).toEqual(ENROLMENT_CALLS);
  expect(await placesLeft(page)).toBe(before - 1);
});

test.describe('when the enrolment is refused', () => {
  test.use({
    allowConsoleErrors: [/status of 409|Enrolment failed/],
  });

  test('a really full course shows its message and takes no place', async ({
    page,
    signInServer,
  }) => {
    // The last places of a course go to others while the page is open: the server's own database
    // says it is full.
    const fullCourse = getProgramme('escola-de-mediuns').courses.at(-1);
    if (!fullCourse) throw new Error('missing course');
    const fullCoursePath = `/escola-de-mediuns/${fullCourse.slug}`;
    const databaseFile = join(signInServer.dataDir, 'centro.sqlite');
    const enrolledIn = () => {
      const database = new SQLite(databaseFile, { readonly: true });
      try {
        return database
          .prepare('select count(*) as n from enrolments where course_slug = ?')
          .get(fullCourse.slug) as { n: number };
      } finally {
        database.close();
      }
    };
    // The page still offers the button (it learnt of free places); then the last ones go.
    await signUpFrom(page, fullCoursePath);
    await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toBeVisible();
    const database = new SQLite(databaseFile);
    try {
      database
        .prepare('update classes set places = taken where course_slug = ?')
        .run(fullCourse.slug);
    } finally {
      database.close();
    }
    const before = enrolledIn().n;
    const calls = recordApiCalls(page);
    await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
    await expect(page.getByText('Vagas esgotadas para este curso.')).toBeVisible();
    await expect(page).toHaveURL(fullCoursePath);
    // The refused place is the last call (the registration's writes come before it), and no
    // enrolment row exists.
    expect(enrolmentCalls(calls)).toEqual(ENROLMENT_CALLS);
    expect(enrolledIn().n).toBe(before);
  });
});

/** A server the test can stop and start again: a real outage, not a faked answer. */
const outageTest = ownServerTest();

outageTest.describe('with the API down', () => {
  outageTest.use({
    allowConsoleErrors: [/ERR_CONNECTION_REFUSED|Failed to fetch|Enrolment failed/],
  });

  outageTest(
    'the warning appears, nothing is half-done, and it works once the server is back',
    async ({ page, ownServer }) => {
      // It starts a server twice: more than the usual 30 s on a busy machine.
      outageTest.slow();
      const requests = trackRequests(page);
      const detailsLoaded = userDetailsLoaded(page);
      const email = await signUpFrom(page, coursePath);
      const before = await placesLeft(page);
      await expect(page.getByText(`Restam ${before} vagas.`)).toBeVisible();
      const enrolmentsOf = () => {
        const database = new SQLite(join(ownServer.dataDir, 'centro.sqlite'), { readonly: true });
        try {
          return database
            .prepare(
              `select count(*) as n from enrolments e join accounts a on a.id = e.user_id
               where a.email = lower(?)`,
            )
            .get(email) as { n: number };
        } finally {
          database.close();
        }
      };

      // The server goes away (as when its machine restarts) while the page stays open and idle:
      // the person's details, loaded in the background after sign-in, have arrived, and nothing
      // is in flight (a background call landing while the server shuts down is answered 503).
      await detailsLoaded;
      await requests.settled();
      await ownServer.stop();
      const calls = recordApiCalls(page);
      await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(
        page.getByText('Erro ao carregar dados. Por favor tente novamente!'),
      ).toBeVisible();
      await expect(page).toHaveURL(coursePath);
      // The sequence stopped at its first call (the phone), before asking for a place.
      expect(enrolmentCalls(calls)).not.toContain('/api/group/add');
      await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toBeEnabled();

      // Back up on the same database: no place was taken, no enrolment row exists.
      await ownServer.start();
      expect(await placesLeft(page)).toBe(before);
      expect(enrolmentsOf().n).toBe(0);

      // The same click now succeeds, without signing in again.
      await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expectConfirmation(page);
      expect(await placesLeft(page)).toBe(before - 1);
      expect(enrolmentsOf().n).toBe(1);
    },
  );
});

/** Its own database, where the course gets a second class open for enrolment. */
const twoClassesTest = ownServerTest();

twoClassesTest(
  'with two classes open the person picks one, and its place is taken in that class',
  async ({ page, ownServer }) => {
    twoClassesTest.slow();
    const databaseFile = join(ownServer.dataDir, 'centro.sqlite');
    const database = new SQLite(databaseFile);
    try {
      const at = new Date().toISOString();
      database
        .prepare(
          `insert into classes (id, course_slug, name, places, places_by_staff, state,
             meeting_weekday, meeting_time, meeting_room, created_at, updated_at)
           values ('e2e-sabado', ?, 'Turma Sábado', 5, 1, 'open', 'saturday', '15:30', 'Sala 3', ?, ?)`,
        )
        .run(course.slug, at, at);
    } finally {
      database.close();
    }
    await signUpFrom(page, coursePath);
    const list = page.getByRole('list', { name: 'Turmas' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const saturday = list.getByRole('listitem').filter({ hasText: 'Turma Sábado' });
    await expect(saturday).toContainText('Sábados, às 15h30');
    await expect(saturday).toContainText('Local: Sala 3');
    await expect(saturday).toContainText('Inscrições abertas. Restam 5 vagas.');
    const calls = recordApiCalls(page);
    await saturday.getByRole('button', { name: 'Finalizar inscrição' }).click();
    await expectConfirmation(page);
    expect(enrolmentCalls(calls)).toEqual(ENROLMENT_CALLS);
    const readOnly = new SQLite(databaseFile, { readonly: true });
    try {
      const row = readOnly
        .prepare('select class_id from enrolments where course_slug = ?')
        .get(course.slug) as { class_id: string } | undefined;
      expect(row?.class_id).toBe('e2e-sabado');
    } finally {
      readOnly.close();
    }
    // Back on the course page: the person's place, said once, and no class offered.
    await page.goto(coursePath);
    const own = page.getByText('Você está inscrito(a) neste curso.').filter({ visible: true });
    await expect(own).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Turmas' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toHaveCount(0);
  },
);
