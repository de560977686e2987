/**
 * A whole term, in real time, on a server of its own that sends its mail to
 * an SMTP server the test starts (one per test: the phone's and the desktop's runs share nothing).
 * Coordenação creates 'Turma 2027/1' of 'Estudando André Luiz I' with 2 places and opens it beside
 * the content's class, so the course page offers both; Ana and Bruno take the places and Carla
 * waits. The class's one meeting is moved to half an hour from now: the reminder job (every 2 s on
 * this server, CLASS_REMINDERS_EVERY_SECONDS) e-mails both, attendance opens (an hour before a meeting) and is marked, a message goes to the
 * class and its waiting list, and 'Encerrar turma' gives both 'Concluiu'. 'Turma 2027/2' opens with
 * no place taken. In 'Estudando André Luiz II' Ana enrols; Carla is refused for the prerequisite
 * until Coordenação's 'Liberar inscrição'. Ana's 'Minhas inscrições' shows the concluded class.
 */
import { getProgramme, wallClockAt } from '@centro/content';
import type { ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';
import { codeReader, mailServerTestWith, type Smtp, sentTo } from './support/smtp';

const programme = getProgramme('escola-de-mediuns');
const courseAt = (index: number) => {
  const course = programme.courses[index];
  if (!course) throw new Error(`No course ${index}`);
  return course;
};
const [first, second] = [courseAt(0), courseAt(1)];
if (second.prerequisites?.[0] !== first.slug) {
  throw new Error("The programme's first two courses are no '… I' / '… II' pair");
}
const firstPath = `/escola-de-mediuns/${first.slug}`;
const secondPath = `/escola-de-mediuns/${second.slug}`;
const coordinatorEmail = uniqueEmail();

// The reminder job looks every 2 s (a minute by default): the test waits for it, not for a minute.
const termTest = mailServerTestWith({
  ADMIN_EMAILS: coordinatorEmail,
  CLASS_REMINDERS_EVERY_SECONDS: '2',
});
// The refused enrolment (prerequisite_missing): Chromium reports the 409 itself.
termTest.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] });

/** The messages to `email` whose subject matches `subject`, once one arrived (at most one). */
async function messageTo(
  smtp: Smtp,
  email: string,
  subject: RegExp,
  timeout = 15_000,
): Promise<ParsedMail> {
  const found = () =>
    smtp.received.filter((m) => sentTo(m, email) && subject.test(m.subject ?? ''));
  await expect.poll(() => found().length, { timeout, message: String(subject) }).toBeGreaterThan(0);
  expect(found()).toHaveLength(1);
  return found()[0] as ParsedMail;
}

/** The class named `name` among those the course page offers. */
const offered = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Turmas' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/**
 * Opens the course page until it offers the class `name`: the public class list may be cached for
 * AVAILABILITY_MAX_AGE_SECONDS (5 s), and this browser loaded it while signing up, before the
 * class existed.
 */
async function openOffering(page: Page, path: string, name: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(offered(page, name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** 'Nova turma' named `name` (with `places` when given), then 'Abrir inscrições'. */
async function createAndOpen(page: Page, name: string, places?: number) {
  await page.goto(`/equipe?curso=${first.slug}&aba=turmas`);
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await page.getByLabel('Nome da turma').fill(name);
  if (places !== undefined) await page.getByLabel('Vagas').fill(String(places));
  await page.getByRole('button', { name: 'Criar turma' }).click();
  await expect(page.getByText(`${name} criada (planejada).`)).toBeVisible();
  await page.getByRole('button', { name: `Abrir inscrições da ${name}` }).click();
  await expect(page.getByText(`Inscrições da ${name} abertas.`)).toBeVisible();
}

/** The item of class `name` in the staff 'Turmas' list. */
const staffClass = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Turmas do curso' })
    .getByRole('listitem')
    .filter({ hasText: name });

termTest(
  'a whole term: classes, completion, prerequisites, reminders and a message',
  async ({ page, browser, ownServer, smtp }) => {
    // Sign-ups with e-mailed codes and a whole term's steps: a long test.
    test.setTimeout(300_000);
    const codeFor = codeReader(smtp);
    const ana = await otherPersonPage(browser, ownServer.origin);
    const bruno = await otherPersonPage(browser, ownServer.origin);
    const carla = await otherPersonPage(browser, ownServer.origin);
    const [anaEmail, brunoEmail, carlaEmail] = [uniqueEmail(), uniqueEmail(), uniqueEmail()];

    await test.step("three people sign up; Coordenação creates 'Turma 2027/1' with 2 places and opens it", async () => {
      // While the course has one class: its page then has one 'Quero me inscrever'.
      for (const [person, email, name] of [
        [ana, anaEmail, 'Ana Souza'],
        [bruno, brunoEmail, 'Bruno Lima'],
        [carla, carlaEmail, 'Carla Dias'],
        [page, coordinatorEmail, 'Lúcia Coord'],
      ] as const) {
        await signUpFrom(person, firstPath, { email, name, codeFor });
      }
      await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
      await expect(page.getByText('Sua função: Coordenação')).toBeVisible();
      await createAndOpen(page, 'Turma 2027/1', 2);
      await expect(staffClass(page, 'Turma 2027/1')).toContainText(
        'Inscrições abertas0 de 2 vagas ocupadas',
      );
    });

    await test.step('two take the places of the class they pick, a third waits', async () => {
      for (const person of [ana, bruno]) {
        await openOffering(person, firstPath, 'Turma 2027/1');
        await offered(person, 'Turma 2027/1')
          .getByRole('button', { name: 'Finalizar inscrição' })
          .click();
        await expect(person.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      }
      await openOffering(carla, firstPath, 'Turma 2027/1');
      const full = offered(carla, 'Turma 2027/1');
      await expect(async () => {
        await carla.reload();
        await expect(full).toContainText('Vagas esgotadas', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await full.getByRole('button', { name: 'Entrar na lista de espera' }).click();
      await expect(carla.getByText('Você está na lista de espera (posição 1).')).toBeVisible();
    });

    // Its one meeting half an hour from now (São Paulo's clock, as meetings are kept): within two
    // days (the reminder) and within the hour before it starts (attendance may be marked).
    const start = wallClockAt(new Date(Date.now() + 30 * 60_000));
    await test.step('the class meets half an hour from now, once', async () => {
      await page.goto(`/equipe?curso=${first.slug}&aba=turmas`);
      await staffClass(page, 'Turma 2027/1').getByRole('link').click();
      await page.getByRole('link', { name: 'Configurações' }).click();
      await page.getByLabel('Primeiro encontro').fill(`${start.year}-${start.month}-${start.day}`);
      await page.getByLabel('Horário dos encontros').fill(`${start.hour}:${start.minute}`);
      await page.getByLabel('Número de encontros').fill('1');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.')).toBeVisible();
    });

    await test.step('attendance is marked and a message goes to the class', async () => {
      await page.getByRole('link', { name: 'Presença' }).click();
      await expect(page.getByLabel('Encontro')).toHaveValue('1');
      await page.getByRole('button', { name: 'Marcar todos como presentes' }).click();
      await expect(
        page.getByText(/^2 participantes marcados como presentes no 1º encontro\./),
      ).toBeVisible();

      await page.getByRole('link', { name: 'Mensagem à turma' }).click();
      await page.getByLabel('Assunto').fill('Sala do primeiro encontro');
      await page.getByLabel('Mensagem', { exact: true }).fill('Estaremos na sala 2.');
      await page.getByRole('checkbox', { name: 'Enviar também para a lista de espera' }).check();
      await page.getByRole('button', { name: 'Enviar mensagem' }).click();
      await expect(page.getByRole('status')).toHaveText(/^Mensagem enviada para 3 pessoas\./);
      const theClass = `Turma 2027/1 de ${first.title}.`;
      for (const [email, why] of [
        [anaEmail, `por estar inscrito(a) na turma ${theClass}`],
        [brunoEmail, `por estar inscrito(a) na turma ${theClass}`],
        [carlaEmail, `por estar na lista de espera da turma ${theClass}`],
      ] as const) {
        const message = await messageTo(smtp, email, /^Sala do primeiro encontro$/);
        expect(message.text).toContain('Estaremos na sala 2.');
        expect(message.text).toContain(`Você recebe esta mensagem ${why}`);
      }
    });

    await test.step('the reminder reaches the two enrolled, not the waiting list', async () => {
      const when = `${start.day}/${start.month} às ${start.hour}h${start.minute}`;
      // This server looks for classes to remind every 2 s.
      for (const email of [anaEmail, brunoEmail]) {
        const reminder = await messageTo(smtp, email, /^Lembrete: sua turma começa /);
        expect(reminder.subject).toMatch(new RegExp(`^Lembrete: sua turma começa [^,]+, ${when}$`));
        expect(reminder.attachments.map((a) => a.filename)).toContain(`${first.slug}.ics`);
      }
      expect(
        smtp.received.filter((m) => sentTo(m, carlaEmail) && /^Lembrete/.test(m.subject ?? '')),
      ).toHaveLength(0);
    });

    await test.step("'Encerrar turma' concludes it: both concluded", async () => {
      await page.getByRole('link', { name: 'Turmas' }).click();
      await page.getByRole('button', { name: 'Encerrar turma Turma 2027/1' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Encerrar Turma 2027/1?' });
      await dialog.getByRole('button', { name: 'Confirmar encerramento' }).click();
      await expect(
        page.getByText(/^Turma 2027\/1 encerrada: 2 participantes concluíram e 0 /),
      ).toBeVisible();
      await expect(staffClass(page, 'Turma 2027/1')).toContainText(
        'Concluída0 de 2 vagas ocupadas',
      );
    });

    await test.step("'Turma 2027/2' opens with no place taken", async () => {
      await createAndOpen(page, 'Turma 2027/2');
      await expect(staffClass(page, 'Turma 2027/2')).toContainText(
        /Inscrições abertas.*0 de \d+ vagas ocupadas/,
      );
    });

    await test.step("who concluded the '… I' enrols in its '… II'; who did not, once released", async () => {
      await ana.goto(secondPath);
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();

      await carla.goto(secondPath);
      await carla.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(
        carla.getByText(
          `Este curso é para quem concluiu: ${first.title}. Se você já concluiu em outra casa, fale com a secretaria.`,
        ),
      ).toBeVisible();

      await page.goto(`/equipe?curso=${second.slug}&aba=pre-requisitos`);
      await page.getByLabel('E-mail ou nome').fill(carlaEmail);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect(
        page.getByRole('button', { name: 'Liberar inscrição de Carla Dias' }),
      ).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Liberar inscrição de Carla Dias' }).click();
      await expect(page.getByText('Inscrição liberada para Carla Dias.')).toBeVisible();

      await carla.goto(secondPath);
      await carla.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(carla.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
    });

    await test.step("'Minhas inscrições' keeps the history", async () => {
      await ana.goto('/perfil');
      const mine = ana.getByRole('region', { name: 'Minhas inscrições' });
      const of = (title: string) =>
        mine
          .getByRole('listitem')
          .filter({ has: ana.getByRole('link', { name: title, exact: true }) });
      await expect(of(first.title)).toContainText('Concluído');
      await expect(of(second.title)).toContainText('Inscrição confirmada');
    });

    for (const person of [ana, bruno, carla]) await person.context().close();
  },
);
