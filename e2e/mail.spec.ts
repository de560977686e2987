/**
 * The e-mails, in Chromium: a server of its own sending to an SMTP server this test
 * starts (the `smtp-server` package, read back with mailparser), so e-mail verification is on. Sign
 * up, type the code the message brings on 'Confirme seu e-mail', enrol, the confirmation
 * page, then the message with its `.ics` read back by ical.js (first date, time zone, weekly
 * recurrence); and 'Esqueci minha senha' through the link that arrives, then signing in with the
 * new password.
 */
import { getProgramme } from '@centro/content';
import ICAL from 'ical.js';
import { mainNav, NAME, signUpFrom } from './support/accounts';
import { codeReader, mailServerTest } from './support/smtp';
import { accessibilityViolations } from './support/test';
import { expect } from './support/sign-in-server';

const programme = getProgramme('global-kardec');
const course = programme.courses[2] ?? programme.courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;

const mailTest = mailServerTest;

mailTest(
  'enrolling sends the confirmation with a calendar of the course',
  async ({ page, smtp }) => {
    const email = await signUpFrom(page, coursePath, { codeFor: codeReader(smtp) });
    const confirmations = () =>
      smtp.received.filter((m) => m.subject?.startsWith('Inscrição confirmada'));
    await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
    await expect(page).toHaveURL('/global-kardec/matricula-finalizada');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
    ).toBeVisible();

    await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
    const [message] = confirmations();
    const to = message?.to && !Array.isArray(message.to) ? message.to.value[0]?.address : '';
    expect(to).toBe(email);
    expect(message?.subject).toBe(`Inscrição confirmada: ${course.title} (${programme.name})`);
    expect(message?.text).toContain(`Olá, ${NAME}!`);
    // No invite yet for the course: never the placeholder's link, a sentence instead.
    expect(message?.html).not.toContain('chat.whatsapp.com');
    expect(message?.text).toContain(
      'O link do grupo de WhatsApp da turma será enviado a você mais tarde',
    );

    const ics = message?.attachments.find((a) => a.filename === `${course.slug}.ics`);
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(zone);
    }
    const vevent = calendar.getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent ?? undefined);
    expect(event.startDate.zone?.tzid).toBe('America/Sao_Paulo');
    expect(event.startDate.toString()).toBe(
      `${course.meetings.firstMeeting}T${course.meetings.time}:00`,
    );
    const rule = vevent?.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    expect(rule.count).toBe(course.meetings.count);

    // The course page shows the place; nothing more is sent.
    await page.goto(coursePath);
    await expect(page.getByText('Você está inscrito(a) neste curso.')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(confirmations()).toHaveLength(1);
  },
);

mailTest.describe('password reset', () => {
  // The refused weak password is a form answered with 400, as every form error of the provider.
  mailTest.use({ allowConsoleErrors: [/status of 400/] });
  mailTest(
    "'Esqueci minha senha' sends a link that sets a new password, which then signs in",
    async ({ page, smtp }) => {
      // Sign-up, code, sign-out, reset and sign-in again: five round trips through the provider.
      mailTest.slow();
      const email = await signUpFrom(page, coursePath, { codeFor: codeReader(smtp) });
      await mainNav(page).getByRole('button', { name: 'Sair' }).click();
      await expect(mainNav(page).getByRole('button', { name: 'Acessar' })).toBeEnabled();
      const before = smtp.received.length;

      await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
      await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' }),
      ).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verifique seu e-mail' }),
      ).toBeVisible();

      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(before + 1);
      const message = smtp.received[before];
      expect(message?.subject).toBe('Redefinição de senha');
      const link = /https?:\/\/\S+\/idp\/redefinir-senha\?token=[\w-]+/.exec(
        message?.text ?? '',
      )?.[0];
      expect(link).toBeDefined();

      await page.goto(String(link));
      await expect(page.getByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Nova senha').fill('12345678');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(page.getByText('Esta senha é fácil de adivinhar.').first()).toBeVisible();
      await page.getByLabel('Nova senha').fill('outra frase bem comprida');
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Senha alterada' })).toBeVisible();

      await page.getByRole('link', { name: 'Voltar ao site' }).click();
      await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('outra frase bem comprida');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toBeVisible();
    },
  );
});
