/**
 * A whole term, in real time, on a server of its own that sends its mail to
 * an SMTP server the test starts (one per test: the phone's and the desktop's runs share nothing).
 * Coordenação creates 'Turma 2027/1' of 'Estudando André Luiz I' with 2 places and opens it beside
 * the content's class, so the course page offers both; Ana and Bruno take the places and Carla
 * waits. The class's one meeting is moved to half an hour from now: the reminder job (every 2 s on
 * this server, CLASS_REMINDERS_EVERY_SECONDS) e-mails both, attendance opens (an hour before a meeting) and is marked, a message goes to the
 * class and its waiting list, and 'Encerrar turma', asked again as the meeting is ahead, gives both
 * 'Concluiu', told by e-mail. 'Turma 2027/2' opens with no place taken. In 'Estudando André Luiz
 * II' Ana enrols; Carla is refused for the prerequisite, in the enrolment box, until Coordenação's
 * 'Liberar inscrição'. Ana's 'Minhas inscrições' shows the concluded class, whose certificate she
 * downloads (one page naming her and the course); its page `/certificados/<código>`, without
 * JavaScript, says valid, then invalid once Coordenação withdraws her completion (decision 094).
 *
 * Then one class, one truth (decision 075): Coordenação changes every detail of a class's meetings
 * and each surface says what was saved, as an anonymous visitor's HTML without JavaScript (text and
 * JSON-LD) and on the phone; a second class open at once is shown apart.
 */
import { readFile, writeFile } from 'node:fs/promises';
import {
  addDays,
  formatClassMeetings,
  formatDate,
  formatMeeting,
  formatWeeklySlot,
  getProgramme,
  wallClockAt,
  type WallClock,
  weekdayNames,
  weekdayOf,
} from '@centro/content';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import type { MyData } from '@centro/contracts';
import type { ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';
import { codeReader, mailServerTestWith, type Smtp, sentTo } from './support/smtp';
import { reviewShot } from './support/review-shot';

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

/**
 * Half an hour from `now` on São Paulo's clock; the next midnight instead when a 15-minute meeting
 * then would end the next day (at most 45 minutes away: attendance opens an hour before).
 */
function meetingSoon(now: number): WallClock {
  const soon = wallClockAt(new Date(now + 30 * 60_000));
  if (Number(soon.hour) * 60 + Number(soon.minute) + 15 < 24 * 60) return soon;
  const next = addDays(`${soon.year}-${soon.month}-${soon.day}`, 1);
  return {
    year: next.slice(0, 4),
    month: next.slice(5, 7),
    day: next.slice(8, 10),
    hour: '00',
    minute: '00',
  };
}

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
        'Inscrições abertasInscritos: 0 de 2 vagas',
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

    // Its one meeting of 15 minutes half an hour from now (São Paulo's clock, as meetings are
    // kept): within two days (the reminder) and within the hour before it starts (attendance may
    // be marked). A meeting ends the day it starts: late in the evening, it starts at midnight.
    const start = meetingSoon(Date.now());
    await test.step('the class meets half an hour from now, once', async () => {
      await page.goto(`/equipe?curso=${first.slug}&aba=turmas`);
      await staffClass(page, 'Turma 2027/1').getByRole('link').click();
      await page.getByRole('link', { name: 'Configurações' }).click();
      await page.getByLabel('Primeiro encontro').fill(`${start.year}-${start.month}-${start.day}`);
      await page.getByLabel('Horário dos encontros').fill(`${start.hour}:${start.minute}`);
      await page.getByLabel('Número de encontros').fill('1');
      await page.getByLabel('Duração de cada encontro (minutos)').fill('15');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.')).toBeVisible();
    });

    await test.step('attendance is marked and a message goes to the class', async () => {
      await page.getByRole('link', { name: 'Presença' }).click();
      await expect(page.getByLabel('Encontro', { exact: true })).toHaveValue('1');
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

    await test.step("'Encerrar turma' before its meeting asks again, then concludes it: both concluded, told", async () => {
      await page.getByRole('link', { name: 'Turmas' }).click();
      await page.getByRole('button', { name: 'Encerrar turma Turma 2027/1' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Encerrar Turma 2027/1?' });
      await dialog.getByRole('button', { name: 'Confirmar encerramento' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        `Ainda falta 1 encontro desta turma (o último em ${start.day}/${start.month}/${start.year}). Se encerrar agora, cada participante recebe o resultado só com a presença marcada até hoje. Confirme de novo para encerrar mesmo assim.`,
      );
      await dialog.getByRole('button', { name: 'Encerrar mesmo assim' }).click();
      await expect(
        page.getByText(/^Turma 2027\/1 encerrada: 2 participantes concluíram e 0 /),
      ).toBeVisible();
      await expect(staffClass(page, 'Turma 2027/1')).toContainText(
        'ConcluídaInscritos: 0 de 2 vagas',
      );
      for (const email of [anaEmail, brunoEmail]) {
        const result = await messageTo(smtp, email, /^Curso concluído: /);
        expect(result.text).toContain('Resultado: Concluído. Você esteve em 1 de 1 encontro.');
      }
    });

    await test.step("'Turma 2027/2' opens with no place taken", async () => {
      await createAndOpen(page, 'Turma 2027/2');
      await expect(staffClass(page, 'Turma 2027/2')).toContainText(
        /Inscrições abertas.*Inscritos: 0 de \d+ vagas/,
      );
    });

    await test.step("who concluded the '… I' enrols in its '… II'; who did not, once released", async () => {
      await ana.goto(secondPath);
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();

      await carla.goto(secondPath);
      const finish = carla.getByRole('button', { name: 'Finalizar inscrição' });
      await finish.click();
      // It stays in the enrolment box, the button disabled (not a toast that goes).
      await expect(finish).toHaveAccessibleDescription(
        `Este curso é para quem concluiu: ${first.title}. Se você já concluiu em outra casa, fale com a secretaria.`,
      );
      await expect(finish).toBeDisabled();

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

    await test.step('a completion gives a one-page PDF certificate, valid until it is withdrawn', async () => {
      const mine = ana.getByRole('region', { name: 'Minhas inscrições' });
      const item = mine.getByRole('listitem').filter({ hasText: first.title });
      const width = page.viewportSize()?.width ?? 390;
      const shot = (screen: Page, name: string) => reviewShot(screen, `${name}-${width}`);
      await ana.setViewportSize(page.viewportSize() ?? { width: 390, height: 844 });
      await shot(ana, 'minhas-inscricoes-certificado');
      const [download] = await Promise.all([
        ana.waitForEvent('download'),
        item.getByRole('button', { name: `Baixar certificado (PDF): ${first.title}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^certificado-.+\.pdf$/);
      const bytes = await readFile(await download.path());
      const shots = process.env.SHOTS_DIR;
      if (shots) await writeFile(`${shots}/certificado-${width}.pdf`, bytes);
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      expect(pdf.numPages).toBe(1);
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
      expect(text).toContain('Certificado de conclusão');
      expect(text).toContain('Ana Souza');
      expect(text).toContain(first.title);
      const code = /Código de verificação: ([A-Z0-9-]+)/.exec(text)?.[1] ?? '';
      expect(code).not.toBe('');

      // Her data lists the code and where it is checked: on the page and in the file.
      const [saved] = await Promise.all([
        ana.waitForEvent('download'),
        ana.getByRole('button', { name: 'Baixar meus dados' }).click(),
      ]);
      const data = JSON.parse(await readFile(await saved.path(), 'utf8')) as MyData;
      expect(data.certificates).toEqual([
        expect.objectContaining({
          code,
          title: first.title,
          valid: true,
          verifyUrl: `${ownServer.origin}/certificados/${code}`,
        }),
      ]);
      await ana.getByRole('button', { name: 'Ver meus dados' }).click();
      const listed = ana.getByRole('region', { name: 'Certificados', exact: true });
      await expect(listed).toContainText(`Código ${code}`);
      await expect(listed).toContainText(`confira em ${ownServer.origin}/certificados/${code}`);

      // Whoever holds the paper checks it, without JavaScript.
      const checker = await (
        await browser.newContext({
          baseURL: ownServer.origin,
          javaScriptEnabled: false,
          viewport: page.viewportSize(),
        })
      ).newPage();
      await checker.goto(`/certificados/${code}`);
      await expect(checker.getByRole('heading', { level: 1 })).toHaveText('Certificado válido');
      await expect(checker.getByRole('main')).toContainText('Ana Souza');
      await expect(checker.getByRole('main')).toContainText(first.title);
      await shot(checker, 'certificado-valido');

      // Coordenação withdraws Ana's completion: the same address says it is invalid.
      await page.goto(`/equipe?curso=${first.slug}&aba=conclusoes`);
      await page.getByRole('button', { name: 'Mudar Ana Souza para Não concluiu' }).click();
      await page.getByLabel('Motivo').fill('Presença revista');
      await page.getByRole('button', { name: 'Confirmar: Não concluiu' }).click();
      await expect(page.getByText('Conclusão alterada.')).toBeVisible();
      await checker.reload();
      await expect(checker.getByRole('heading', { level: 1 })).toHaveText('Certificado inválido');
      await expect(checker.getByRole('main')).not.toContainText('Ana Souza');
      await shot(checker, 'certificado-invalido');
      await checker.context().close();
    });

    for (const person of [ana, bruno, carla]) await person.context().close();
  },
);

/** The served HTML of a page as a visitor without JavaScript reads it: its text, in one line. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The text of the page `path` as served. */
const servedText = async (origin: string, path: string) =>
  textOf(await (await fetch(`${origin}${path}`)).text());

/**
 * What a visitor without JavaScript gets: the served HTML as text, its Course JSON-LD, and its
 * 'Adicionar à minha agenda' links.
 */
async function servedCoursePage(origin: string, path: string) {
  const html = await (await fetch(`${origin}${path}`)).text();
  const text = textOf(html);
  const calendars = [
    ...html.matchAll(/<a [^>]*href="([^"]+\.ics[^"]*)"[^>]*>([\s\S]*?)<\/a>/g),
  ].map((m) => ({ href: (m[1] ?? '').replace(/&amp;/g, '&'), text: textOf(m[2] ?? '').trim() }));
  const course = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? 'null') as { '@type'?: string; hasCourseInstance?: unknown })
    .find((ld) => ld?.['@type'] === 'Course');
  return {
    text,
    calendars,
    instances: [course?.hasCourseInstance ?? []].flat() as CourseInstance[],
  };
}

interface CourseInstance {
  name?: string;
  startDate: string;
  endDate: string;
  courseSchedule: { startTime: string; endTime: string; duration: string; repeatCount: number };
  location: { name: string };
}

termTest(
  "every surface says the class's meetings as Coordenação saved them; a second class apart",
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(180_000);
    const codeFor = codeReader(smtp);
    // The screens this path changes, for review at 390 px when SHOTS_DIR is set (not in CI).
    const shot = reviewShot;
    const ana = await otherPersonPage(browser, ownServer.origin);
    const visitor = await otherPersonPage(browser, ownServer.origin);
    const anaEmail = uniqueEmail();
    // Every detail other than the content's: a date three weeks on, 19:00, 120 minutes, 10, a room.
    const today = wallClockAt(new Date());
    const saved = {
      firstMeeting: addDays(`${today.year}-${today.month}-${today.day}`, 21),
      time: '19:00',
      durationMinutes: 120,
      count: 10,
      room: 'Salão Bezerra de Menezes',
    };
    const weekday = weekdayOf(saved.firstMeeting);
    const lastMeeting = addDays(saved.firstMeeting, 7 * (saved.count - 1));
    const firstLine = `Primeiro encontro: ${formatMeeting(saved.firstMeeting, saved.time)}`;
    const slotLine = /^Tod[oa] [^,]+, das 19h00 às 21h00 \(10 encontros\)$/;
    const oneLine = formatClassMeetings({ ...saved, weekday });
    // The programme page's card and /horarios (decision 075).
    const cardLine = `${formatWeeklySlot({ ...saved, weekday })}, a partir de ${formatDate(saved.firstMeeting)}`;
    const scheduleLine = `19h00 ${first.title} ${programme.name} · até 21h00 · ${saved.room} · Primeiro encontro: ${formatDate(saved.firstMeeting)}`;
    /** The .ics a link of the page gives: its event's UID and first start, as a calendar reads them. */
    const eventAt = async (href: string) => {
      const ics = await (await fetch(`${ownServer.origin}${href}`)).text();
      const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
      return {
        uid: String(vevent?.getFirstPropertyValue('uid')),
        start: String(vevent?.getFirstPropertyValue('dtstart')),
      };
    };

    await test.step('Ana enrols; Coordenação changes every detail of the class', async () => {
      await signUpFrom(ana, firstPath, { email: anaEmail, name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      await shot(ana, 'confirmation');
      await signUpFrom(page, firstPath, { email: coordinatorEmail, name: 'Lúcia Coord', codeFor });
      await page.goto(`/equipe?curso=${first.slug}&aba=configuracoes`);
      await page.getByLabel('Primeiro encontro').fill(saved.firstMeeting);
      await page.getByLabel('Horário dos encontros').fill(saved.time);
      await page.getByLabel('Número de encontros').fill(String(saved.count));
      await page
        .getByLabel('Duração de cada encontro (minutos)')
        .fill(String(saved.durationMinutes));
      await page.getByLabel('Local').fill(saved.room);
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações salvas.')).toBeVisible();
    });

    await test.step('the page as served, without JavaScript: its text and its JSON-LD', async () => {
      // Rendered again within seconds of the save (each instance looks every 2 s).
      await expect
        .poll(async () => (await servedCoursePage(ownServer.origin, firstPath)).text, {
          timeout: 15_000,
        })
        .toContain(firstLine);
      const { text, instances } = await servedCoursePage(ownServer.origin, firstPath);
      expect(text).toMatch(/Tod[oa] [^,]+, das 19h00 às 21h00 \(10 encontros\)/);
      expect(text).toContain(`Local: ${saved.room} – `);
      expect(text).not.toContain(
        `Primeiro encontro: ${formatMeeting(first.meetings.firstMeeting, first.meetings.time)}`,
      );
      // The programme page's card and /horarios, as served, say the same.
      await expect
        .poll(() => servedText(ownServer.origin, `/${programme.slug}`), { timeout: 15_000 })
        .toMatch(new RegExp(`${first.title} (?:(?!Mais Informações).)*${cardLine}`));
      await expect
        .poll(() => servedText(ownServer.origin, '/horarios'), { timeout: 15_000 })
        .toContain(scheduleLine);
      // 'Adicionar à minha agenda' gives the class as saved.
      const [calendar] = (await servedCoursePage(ownServer.origin, firstPath)).calendars;
      expect((await eventAt(calendar?.href ?? '')).start).toBe(`${saved.firstMeeting}T19:00:00`);
      expect(instances).toHaveLength(1);
      expect(instances[0]).toMatchObject({
        startDate: saved.firstMeeting,
        endDate: lastMeeting,
        courseSchedule: {
          startTime: '19:00',
          endTime: '21:00',
          duration: 'PT120M',
          repeatCount: 10,
        },
        location: { name: expect.stringContaining(saved.room) },
      });
    });

    await test.step('the page on the phone', async () => {
      await visitor.goto(firstPath);
      const meetings = visitor.getByRole('region', { name: 'Encontros' }).getByRole('listitem');
      await expect(meetings).toHaveText([
        firstLine,
        slotLine,
        new RegExp(`^Local: ${saved.room} – `),
      ]);
      await shot(visitor, 'course-page-one-class');
    });

    await test.step('the e-mail and its .ics', async () => {
      const message = await messageTo(smtp, anaEmail, /^Mudança nos encontros: /);
      expect(message.text).toContain(firstLine);
      expect(message.text).toMatch(/Tod[oa] [^,]+, das 19h00 às 21h00 \(10 encontros\)/);
      expect(message.text).toContain(`Local: ${saved.room} – `);
      const ics = message.attachments.find((a) => a.filename === `${first.slug}.ics`);
      const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
      const vevent = calendar.getFirstSubcomponent('vevent');
      expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe(
        `${saved.firstMeeting}T19:00:00`,
      );
      expect(String(vevent?.getFirstPropertyValue('dtend'))).toBe(`${saved.firstMeeting}T21:00:00`);
      expect((vevent?.getFirstPropertyValue('rrule') as ICAL.Recur).count).toBe(10);
      expect(String(vevent?.getFirstPropertyValue('location'))).toContain(saved.room);
    });

    await test.step("'Minhas inscrições'", async () => {
      await ana.goto('/perfil');
      const mine = ana.getByRole('region', { name: 'Minhas inscrições' }).getByRole('listitem');
      await expect(mine).toContainText(oneLine);
      await shot(ana, 'minhas-inscricoes');
    });

    await test.step('the staff overview, and the CSV and Excel of the class', async () => {
      await page.goto('/equipe');
      const card = page.getByRole('listitem').filter({ hasText: first.title }).first();
      await expect(card).toContainText(oneLine);
      await shot(page, 'staff-overview');
      await page.goto(`/equipe?curso=${first.slug}`);
      await expect(page.getByRole('rowheader', { name: 'Ana Souza' })).toBeVisible();
      await shot(page, 'participants');
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar CSV' }).click(),
      ]);
      const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
      expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Ana Souza']);
      // Each row carries the class's meetings as saved (decision 075).
      const meetingCells = [
        formatDate(saved.firstMeeting),
        weekdayNames[weekday],
        '19h00',
        '120',
        '10',
        saved.room,
      ];
      expect(lines[1]?.split(';').slice(-6)).toEqual(meetingCells);
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar Excel (.xlsx)' }).click(),
      ]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect((sheet?.getRow(2).values as unknown[]).slice(-6)).toEqual([
        new Date(`${saved.firstMeeting}T00:00:00Z`),
        ...meetingCells.slice(1, 3),
        120,
        10,
        saved.room,
      ]);
      const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
      expect(workbook.getWorksheet('Presença')?.getRow(1).values).toEqual([
        undefined,
        'Nome',
        ...Array.from(
          { length: 10 },
          (_, i) => `${i + 1}º ${dayMonth(addDays(saved.firstMeeting, 7 * i))}`,
        ),
      ]);
    });

    await test.step('a second class open at once is shown apart', async () => {
      await page.goto(`/equipe?curso=${first.slug}&aba=turmas`);
      await page.getByRole('button', { name: 'Nova turma' }).click();
      await page.getByLabel('Nome da turma').fill('Turma 2027/1');
      // Taking enrolments now, as the class under way.
      await page.getByLabel('Abertura das inscrições').fill('');
      const proposed = await page.getByLabel('Primeiro encontro').inputValue();
      await page.getByRole('button', { name: 'Criar turma' }).click();
      await page.getByRole('button', { name: 'Abrir inscrições da Turma 2027/1' }).click();
      await expect(page.getByText('Inscrições da Turma 2027/1 abertas.')).toBeVisible();
      await shot(page, 'staff-classes');

      await expect
        .poll(async () => (await servedCoursePage(ownServer.origin, firstPath)).instances.length, {
          timeout: 15_000,
        })
        .toBe(2);
      const { text, instances } = await servedCoursePage(ownServer.origin, firstPath);
      expect(instances.map((i) => [i.name, i.startDate])).toEqual([
        [expect.stringMatching(/^Turma /), saved.firstMeeting],
        ['Turma 2027/1', proposed],
      ]);
      expect(text).toMatch(
        new RegExp(`Turma 2027/1 Primeiro encontro: ${formatMeeting(proposed, saved.time)}`),
      );
      // Each class its own calendar file, its own event.
      const { calendars } = await servedCoursePage(ownServer.origin, firstPath);
      expect(calendars.map((c) => c.text)).toEqual([
        expect.stringMatching(/^Adicionar à minha agenda: Turma /),
        'Adicionar à minha agenda: Turma 2027/1',
      ]);
      const [older, newer] = await Promise.all(calendars.map((c) => eventAt(c.href)));
      expect(older?.start).toBe(`${saved.firstMeeting}T19:00:00`);
      expect(newer?.start).toBe(`${proposed}T19:00:00`);
      expect(newer?.uid).not.toBe(older?.uid);
      // The programme page's card and /horarios name each class.
      await expect
        .poll(() => servedText(ownServer.origin, '/horarios'), { timeout: 15_000 })
        .toContain(`${first.title} – Turma 2027/1`);
      await expect
        .poll(() => servedText(ownServer.origin, `/${programme.slug}`), { timeout: 15_000 })
        .toContain(
          `Turma 2027/1: ${formatWeeklySlot({ ...saved, weekday: weekdayOf(proposed) })}, a partir de ${formatDate(proposed)}`,
        );

      await visitor.goto(firstPath);
      const encontros = visitor.getByRole('region', { name: 'Encontros' });
      await expect(encontros.getByRole('heading', { level: 3 })).toHaveText([
        /^Turma /,
        'Turma 2027/1',
      ]);
      // The box's class list may be cached for a few seconds (AVAILABILITY_MAX_AGE_SECONDS).
      await openOffering(visitor, firstPath, 'Turma 2027/1');
      await shot(visitor, 'course-page-two-classes');
      if (process.env.SHOTS_DIR) {
        for (const [path, name] of [
          [`/${programme.slug}`, 'programme-page'],
          ['/horarios', 'horarios'],
        ] as const) {
          await visitor.goto(path);
          await shot(visitor, name);
        }
      }
    });

    for (const person of [ana, visitor]) await person.context().close();
  },
);
