/**
 * The notices and the message to a class, read from a real SMTP
 * server: a server of its own whose ADMIN_EMAILS names the coordinator.
 * Two people enrol; the coordinator writes to the class ('Mensagem à turma'), moves the meetings
 * (both get the new time with a new `.ics`), removes one (who is told), gives the other a staff
 * role (who is told), and opens a course the other asked about ('Avise-me quando abrir': one
 * e-mail when its enrolment opens, from the server's job that looks every 30 seconds).
 */
import { getProgramme } from '@centro/content';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';
import { codeReader, mailServerTestWith, type Smtp, sentTo } from './support/smtp';

const programme = getProgramme('global-kardec');
const [course, later] = programme.courses;
if (!course || !later) throw new Error('No courses');
const coursePath = `/global-kardec/${course.slug}`;
const named = (c: { title: string }) => `${c.title} (${programme.name})`;
const coordinatorEmail = uniqueEmail();

const noticesTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });

/** The one message to `email` whose subject is `subject`, once it arrived. */
async function messageTo(
  smtp: Smtp,
  email: string,
  subject: string,
  timeout = 15_000,
): Promise<ParsedMail> {
  const found = () => smtp.received.filter((m) => sentTo(m, email) && m.subject === subject);
  await expect.poll(() => found().length, { timeout, message: subject }).toBeGreaterThan(0);
  expect(found()).toHaveLength(1);
  return found()[0] as ParsedMail;
}

/** Saves the settings form after `fill`, waiting for the server's answer. */
async function saveSettings(page: Page, slug: string, fill: () => Promise<void>) {
  await page.goto(`/equipe?curso=${slug}&aba=configuracoes`);
  await fill();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
}

noticesTest(
  'each notice and the message to a class arrive, with what they mean',
  async ({ page, browser, ownServer, smtp }) => {
    test.slow();
    const codeFor = codeReader(smtp);
    const rita = await otherPersonPage(browser, ownServer.origin);
    const beto = await otherPersonPage(browser, ownServer.origin);
    const [ritaEmail, betoEmail] = [uniqueEmail(), uniqueEmail()];

    await test.step('two people enrol; the coordinator signs up', async () => {
      for (const [person, email, name] of [
        [rita, ritaEmail, 'Rita Alves'],
        [beto, betoEmail, 'Beto Lima'],
      ] as const) {
        await signUpFrom(person, coursePath, { email, name, codeFor });
        await person.getByRole('button', { name: 'Finalizar inscrição' }).click();
        await expect(person.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      }
      await signUpFrom(page, coursePath, { email: coordinatorEmail, codeFor });
    });

    await test.step("'Mensagem à turma' reaches both, as plain text", async () => {
      await page.goto(`/equipe?curso=${course.slug}&aba=mensagem`);
      await expect(page.getByLabel('Assunto')).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Assunto').fill('Encontro de boas-vindas');
      await page
        .getByLabel('Mensagem', { exact: true })
        .fill('Olá, turma!\n\nTragam um caderno <b>e uma caneta</b>.');
      await page.getByRole('button', { name: 'Enviar mensagem' }).click();
      await expect(page.getByRole('status')).toHaveText(/^Mensagem enviada para 2 pessoas\./);
      for (const email of [ritaEmail, betoEmail]) {
        const message = await messageTo(smtp, email, 'Encontro de boas-vindas');
        expect(message.text).toContain('Olá, turma!\n\nTragam um caderno <b>e uma caneta</b>.');
        expect(message.html).toContain('&lt;b&gt;e uma caneta&lt;/b&gt;');
        expect(message.text).toMatch(
          new RegExp(
            `Você recebe esta mensagem por estar inscrito\\(a\\) na turma .+ de ${course.title}\\.`,
          ),
        );
      }
    });

    await test.step('new meetings reach both, with a new calendar', async () => {
      await saveSettings(page, course.slug, () =>
        page.getByLabel('Horário dos encontros').fill('20:15'),
      );
      for (const email of [ritaEmail, betoEmail]) {
        const message = await messageTo(smtp, email, `Mudança nos encontros: ${named(course)}`);
        expect(message.text).toContain('20h15');
        const ics = message.attachments.find((a) => a.filename === `${course.slug}.ics`);
        const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
        const start = calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('dtstart');
        expect(String(start)).toMatch(/T20:15:00$/);
      }
    });

    await test.step('a removal by staff is told to the person removed', async () => {
      await page.goto(`/equipe?curso=${course.slug}`);
      await page.getByRole('button', { name: 'Remover Rita Alves' }).click();
      await page.getByRole('button', { name: 'Confirmar remoção' }).click();
      await expect(page.getByText('Participante removido. A vaga foi liberada.')).toBeVisible();
      const message = await messageTo(smtp, ritaEmail, `Inscrição encerrada: ${named(course)}`);
      expect(message.text).toContain('A equipe do centro encerrou sua inscrição');
    });

    await test.step('a staff role given is told, without a name', async () => {
      await page.goto('/equipe');
      await page.getByRole('link', { name: 'Funções' }).click();
      await page.getByLabel('E-mail da conta').fill(ritaEmail);
      await page.getByLabel('Função').selectOption('secretaria');
      await page.getByRole('button', { name: 'Conceder' }).click();
      await expect(page.getByText('Função concedida.')).toBeVisible();
      const message = await messageTo(
        smtp,
        ritaEmail,
        'Você agora faz parte da equipe: Secretaria',
      );
      expect(message.text).toMatch(/^Olá!\n/);
      expect(message.text).toContain('/equipe');
    });

    await test.step("'Avise-me quando abrir' sends one e-mail when enrolment opens", async () => {
      await saveSettings(page, later.slug, () =>
        page.getByLabel('Abertura das inscrições').fill('2030-01-15T09:00'),
      );
      await beto.goto(`/global-kardec/${later.slug}`);
      await beto.getByRole('button', { name: 'Avise-me quando abrir' }).click();
      await expect(
        beto.getByText('Pronto! Enviaremos um e-mail quando as inscrições abrirem.'),
      ).toBeVisible();
      // Opening now: the server's job (every 30 s) writes the e-mail.
      await saveSettings(page, later.slug, () =>
        page.getByLabel('Abertura das inscrições').fill(''),
      );
      const message = await messageTo(
        smtp,
        betoEmail,
        `Inscrições abertas: ${named(later)}`,
        45_000,
      );
      expect(message.text).toContain('Este é o único aviso que enviaremos');
    });
  },
);
