/**
 * Monitor(a) of one class (decision 098) on a 390 px phone, with the built-in provider and a
 * server that sends its mail: Coordenação gives a volunteer one class, the volunteer is told by
 * e-mail, signs in, sees only that class (no tab of the centre, no other course), reads its
 * participants and marks one present; another class is refused, on the page and from the API;
 * taking the class back is asked first, and a mark the phone kept offline meanwhile is refused,
 * dropped with a note and unticked when the signal returns. SHOTS_DIR: the screens, for review
 * (not in CI).
 */
import { addDays, getProgramme, wallClockAt } from '@centro/content';
import type { Page } from '@playwright/test';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { accessibilityViolations } from './support/test';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith } from './support/smtp';
import { reviewShot } from './support/review-shot';

const [course, other] = getProgramme('global-kardec').courses;
if (!course || !other) throw new Error('Not enough courses');
const coursePath = `/global-kardec/${course.slug}`;
const coordinatorEmail = uniqueEmail();

const monitorTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });
// The other class asked for from the API is refused (403), the first meeting is past (409), and
// the marks tried without a connection.
monitorTest.use({
  allowConsoleErrors: [
    /status of (403 \(Forbidden\)|409 \(Conflict\))|net::ERR_INTERNET_DISCONNECTED|^Getting the signed-in user failed: TypeError: Failed to fetch/,
  ],
});

/** An API path read with the page's stored API token: its status and message. */
function apiWithStoredToken(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem(window.location.host) ?? '';
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      message: ((await response.json()) as { message?: string }).message,
    };
  }, path);
}

monitorTest(
  'Coordenação gives a monitor one class: they see only it, take its attendance and are refused elsewhere',
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(120_000);
    const codeFor = codeReader(smtp);
    const ana = await otherPersonPage(browser, ownServer.origin);
    const monitor = await otherPersonPage(browser, ownServer.origin);
    const monitorEmail = uniqueEmail();

    await test.step('a participant enrols, the volunteer and the coordinator sign up', async () => {
      await signUpFrom(ana, coursePath, { name: 'Ana Souza', codeFor });
      await ana.getByRole('button', { name: 'Finalizar inscrição' }).click();
      await expect(ana.getByRole('heading', { name: 'Inscrição Confirmada!' })).toBeVisible();
      await signUpFrom(monitor, coursePath, {
        email: monitorEmail,
        name: 'Márcia Monitora',
        codeFor,
      });
      await signUpFrom(page, coursePath, { email: coordinatorEmail, name: 'Lúcia', codeFor });
      // The class's meetings began today at 00h00, so today's can be marked.
      const clock = wallClockAt(new Date());
      await page.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      await page
        .getByLabel('Primeiro encontro')
        .fill(addDays(`${clock.year}-${clock.month}-${clock.day}`, 0));
      await page.getByLabel('Horário dos encontros').fill('00:00');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await page.getByRole('button', { name: 'Salvar mesmo assim' }).click();
      await expect(page.getByText(/^Configurações salvas/)).toBeVisible();
    });

    await test.step('Coordenação gives the volunteer the class, and the volunteer is told', async () => {
      await page.goto('/equipe?secao=funcoes');
      await page.getByLabel('E-mail da conta').fill(monitorEmail);
      await page.getByLabel('Função').selectOption('monitor');
      const option = page.getByLabel('Turma').locator('option', { hasText: course.title }).first();
      const classLabel = (await option.textContent()) ?? '';
      await page.getByLabel('Turma').selectOption({ label: classLabel });
      await reviewShot(page, 'monitor-grant');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Conceder' }).click();
      await expect(page.getByText('Função concedida.')).toBeVisible();
      await expect(page.getByText('Márcia Monitora')).toBeVisible();
      await expect
        .poll(() =>
          smtp.received.some(
            (m) =>
              m.subject === 'Você agora faz parte da equipe: Monitor(a)' &&
              (m.text ?? '').includes(`Monitor(a) do curso ${course.title} (`),
          ),
        )
        .toBe(true);
    });

    await test.step('the monitor sees only their class and marks attendance', async () => {
      await monitor.reload();
      await mainNav(monitor).getByRole('link', { name: 'Equipe' }).click();
      await expect(monitor.getByText('Sua função: Monitor(a)')).toBeVisible();
      await expect(monitor.getByRole('heading', { level: 2, name: course.title })).toBeVisible();
      await expect(
        monitor
          .getByRole('table', { name: `Participantes de ${course.title}` })
          .getByRole('rowheader'),
      ).toHaveText(['Ana Souza']);
      await expect(monitor.getByRole('navigation', { name: 'Seções da equipe' })).toHaveCount(0);
      await expect(monitor.getByRole('button', { name: 'Baixar CSV' })).toHaveCount(0);
      expect(await accessibilityViolations(monitor)).toEqual([]);
      await reviewShot(monitor, 'monitor-class');

      await monitor.getByRole('link', { name: 'Presença' }).click();
      const [sent] = await Promise.all([
        monitor.waitForResponse(
          (r) => r.url().includes('/attendance/') && r.request().method() === 'POST',
        ),
        monitor.getByRole('checkbox', { name: 'Ana Souza' }).check(),
      ]);
      expect(sent.status()).toBe(200);
      await monitor.reload();
      await expect(monitor.getByRole('checkbox', { name: 'Ana Souza' })).toBeChecked();
      await expect(monitor.getByText(/a enviar/)).toHaveCount(0);
      await reviewShot(monitor, 'monitor-attendance');
    });

    await test.step('another class is refused, on the page and from the API', async () => {
      await monitor.goto(`/equipe?curso=${other.slug}&aba=participantes`);
      // Still their own class: no other course is shown.
      await expect(monitor.getByRole('heading', { level: 2, name: course.title })).toBeVisible();
      await expect(monitor.getByText(other.title)).toHaveCount(0);
      const refused = await apiWithStoredToken(
        monitor,
        `/api/staff/courses/${other.slug}/participants`,
      );
      expect(refused).toEqual({
        status: 403,
        message:
          'Você não é monitor(a) desta turma (ou deixou de ser): não pode ver os participantes nem marcar a presença dela.',
      });
      expect((await apiWithStoredToken(monitor, '/api/staff/courses')).status).toBe(403);
    });

    await test.step('a mark made offline for a class taken back meanwhile is refused, dropped and unticked', async () => {
      await monitor.goto(`/equipe?aba=presenca`);
      const box = monitor.getByRole('checkbox', { name: 'Ana Souza' });
      await expect(box).toBeChecked();
      // Ana is unmarked while the class is still theirs, then ticked without a connection.
      const [unticked] = await Promise.all([
        monitor.waitForResponse(
          (r) => r.url().includes('/attendance/') && r.request().method() === 'POST',
        ),
        box.uncheck(),
      ]);
      expect(unticked.status()).toBe(200);
      await monitor.context().setOffline(true);
      await box.check();
      await expect(monitor.getByText(/a enviar/).first()).toBeVisible();

      // Coordenação takes the class back, after saying what it means.
      await page.reload();
      const name = new RegExp(
        `^Retirar Monitor\\(a\\) de ${course.title} \\(.+\\) de Márcia Monitora$`,
      );
      await page.getByRole('button', { name }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(`Retirar a função Monitor(a) de ${course.title} (`);
      await expect(dialog).toContainText('recebe um e-mail avisando');
      await reviewShot(page, 'monitor-revoke');
      await dialog.getByRole('button', { name: 'Confirmar retirada' }).click();
      await expect(page.getByRole('button', { name })).toHaveCount(0);

      // The signal returns: the phone sends the mark, the server refuses it, the phone drops it
      // and, without a reload, shows Ana as the server has her: not present.
      await monitor.context().setOffline(false);
      await expect(
        monitor.getByText(
          'Você não é monitor(a) desta turma (ou deixou de ser): não pode ver os participantes nem marcar a presença dela. 1 marcação feita neste aparelho não foi aceita e foi descartada.',
        ),
      ).toBeVisible();
      await expect(monitor.getByText(/a enviar/)).toHaveCount(0);
      await expect(box).not.toBeChecked();
      await expect(monitor.getByText(/0 de 1 presentes/)).toBeVisible();
      await reviewShot(monitor, 'monitor-lost-access');
      await monitor.goto('/equipe');
      await expect(
        monitor.getByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
      ).toBeVisible();
    });
  },
);
