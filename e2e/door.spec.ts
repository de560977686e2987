/**
 * The door on a 390 px phone (decision 097): a participant finds her place's QR code in 'Minhas
 * inscrições'; the coordinator, on a phone whose camera (Chromium's fake one) shows that code,
 * opens 'Ler QR code' and she is marked present, with the words the volunteer hears and sees; the
 * same code again says 'já marcado'; a second participant is marked by name. Then, without a
 * connection, a code read is found in the class's sheet on the phone, kept 'a enviar' through a
 * reload, and sent once the connection returns.
 */
import { addDays, getProgramme, wallClockAt } from '@centro/content';
import { chromium, type Page } from '@playwright/test';
import { signUpFrom, uniqueEmail } from './support/accounts';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { writeQrVideo } from './support/fake-camera';
import { mailServerTestWith, codeReader } from './support/smtp';
import { expect, test } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';
import { reviewShot } from './support/review-shot';

const course = getProgramme('global-kardec').courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const coordinatorEmail = uniqueEmail();
const doorTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });
doorTest.use({
  allowConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/],
});

async function enrol(page: Page, name: string, codeFor: (email: string) => Promise<string>) {
  await signUpFrom(page, coursePath, { name, codeFor });
  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
  ).toBeVisible();
}

doorTest(
  'a QR code read by the camera and a name marked at the door, offline too',
  async ({ page, ownServer, smtp, browser }, testInfo) => {
    test.setTimeout(150_000);
    const codeFor = codeReader(smtp);

    // Ana enrols and finds her code under 'Minhas inscrições'.
    await enrol(page, 'Ana Souza', codeFor);
    const mine = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/enrolments');
    await page.goto('/perfil');
    const { enrolments } = (await (await mine).json()) as {
      enrolments: { checkIn: { token: string; modules: string[] } | null }[];
    };
    const code = enrolments[0]?.checkIn;
    if (!code) throw new Error('No QR code in Minhas inscrições');
    await page.getByText('QR code para a presença').click();
    await expect(
      page.getByRole('img', { name: `QR code da inscrição em ${course.title}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir QR code' })).toBeVisible();
    await reviewShot(page, 'minhas-inscricoes-qr');

    const jose = await browser.newPage({ baseURL: ownServer.origin });
    await enrol(jose, 'José Ávila', codeFor);
    await jose.close();

    // The coordinator's phone: its camera shows Ana's code.
    const video = testInfo.outputPath('qr.y4m');
    await writeQrVideo(video, code.modules);
    const phone = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await phone.newContext({
        baseURL: ownServer.origin,
        locale: 'pt-BR',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.grantPermissions(['camera']);
      const door = await context.newPage();
      await signUpFrom(door, coursePath, { email: coordinatorEmail, name: 'Lúcia', codeFor });

      // Meetings weekly from two weeks ago at 00h00 (São Paulo): the 3rd is today and has begun.
      const clock = wallClockAt(new Date());
      const today = `${clock.year}-${clock.month}-${clock.day}`;
      await door.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      await door.getByLabel('Primeiro encontro').fill(addDays(today, -14));
      await door.getByLabel('Horário dos encontros').fill('00:00');
      await door.getByRole('button', { name: 'Salvar configurações' }).click();
      await Promise.all([
        door.waitForResponse(
          (r) => new URL(r.url()).pathname.endsWith('/settings') && r.request().method() === 'POST',
        ),
        door.getByRole('button', { name: 'Salvar mesmo assim' }).click(),
      ]);

      await door.goto(`/equipe?curso=${course.slug}&aba=presenca`);
      await expect(door.getByLabel('Encontro', { exact: true })).toHaveValue('3');
      const box = (name: string) => door.getByRole('checkbox', { name });
      await expect(box('Ana Souza')).not.toBeChecked();
      const outcome = door.locator('.staff__door-outcome[role="status"]');
      // The how-to for volunteers, folded above the door.
      await door.getByText('Como marcar a presença na porta').click();
      await expect(door.getByText(/Sem internet, continue marcando/)).toBeVisible();
      await reviewShot(door, 'porta-como-usar');
      await door.getByText('Como marcar a presença na porta').click();

      // The camera reads Ana's code: present, in green, and her box ticked.
      await door.getByRole('button', { name: 'Ler QR code' }).click();
      await expect(outcome).toHaveText('Ana Souza: presente.');
      await expect(outcome).toHaveClass(/staff__door-outcome--present/);
      await expect(box('Ana Souza')).toBeChecked();
      await expect(door.getByText(/: 1 de 2 presentes$/)).toBeVisible();
      expect(await accessibilityViolations(door)).toEqual([]);
      await reviewShot(door, 'porta-qr-presente');

      // The same code again, once the camera is opened anew: already marked.
      await door.getByRole('button', { name: 'Fechar câmera' }).click();
      await door.getByRole('button', { name: 'Ler QR code' }).click();
      await expect(outcome).toHaveText('Ana Souza: já marcado como presente.');
      await expect(outcome).toHaveClass(/staff__door-outcome--already/);
      await door.getByRole('button', { name: 'Fechar câmera' }).click();

      // José, without his code: by name, a large button to tap.
      await door.getByLabel('Buscar pelo nome').fill('jose');
      const joseButton = door.getByRole('button', { name: 'José Ávila' });
      expect((await joseButton.boundingBox())?.height).toBeGreaterThanOrEqual(48);
      await joseButton.click();
      await expect(outcome).toHaveText('José Ávila: presente.');
      await expect(door.getByText(/: 2 de 2 presentes$/)).toBeVisible();
      await reviewShot(door, 'porta-nome-presente');

      // No signal: Ana's box untick is kept on the phone; her code read again is found in the
      // sheet the phone holds, and marks her present, 'a enviar'.
      await context.setOffline(true);
      await box('Ana Souza').uncheck();
      await expect(door.getByText(/^1 marcação a enviar/)).toBeVisible();
      await door.getByRole('button', { name: 'Ler QR code' }).click();
      await expect(outcome).toHaveText('Ana Souza: presente.');
      await door.getByRole('button', { name: 'Fechar câmera' }).click();
      await expect(box('Ana Souza')).toBeChecked();
      await expect(door.locator('label', { hasText: 'Ana Souza' })).toContainText('a enviar');
      await reviewShot(door, 'porta-qr-sem-conexao');

      // Back online, the tab reloaded: sent once, nothing left to send, both present.
      await context.setOffline(false);
      await door.reload();
      await expect(door.getByText(/a enviar/)).toHaveCount(0);
      await door.reload();
      await expect(box('Ana Souza')).toBeChecked();
      await expect(door.getByText(/: 2 de 2 presentes$/)).toBeVisible();
    } finally {
      await phone.close();
    }
  },
);
