/**
 * A review tool, not a test of the suite: full-page screenshots of the screens a person uses on a
 * phone, at 390×844 and 360×640, with realistic data (participants enrolled, a coordinator made by
 * ADMIN_EMAILS, a second class), into SHOTS_DIR (default /tmp/review-shots). Beside each pair it
 * writes report.json: horizontal scroll, controls under 44 px tall and axe's violations per screen.
 * Run it with `npx playwright test -c e2e/support/phone-screens.config.ts` after `npm run build`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getProgramme } from '@centro/content';
import type { Page } from '@playwright/test';
import { mainNav, otherPersonPage, signUpFrom, uniqueEmail, PASSWORD } from './accounts';
import { codeReader, mailServerTestWith } from './smtp';
import { accessibilityViolations, expect, hasHorizontalScroll } from './test';

const DIR = process.env.SHOTS_DIR ?? '/tmp/review-shots';
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

const programme = getProgramme('global-kardec');
const [courseA, courseB] = programme.courses;
const withPrerequisite = programme.courses.find((c) => (c.prerequisites?.length ?? 0) > 0);
if (!courseA || !courseB || !withPrerequisite) throw new Error('Not enough courses');
const pathOf = (slug: string) => `/global-kardec/${slug}`;
const coordinatorEmail = uniqueEmail();

const shotTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });
shotTest.use({ allowConsoleErrors: [/status of \d+/] });

const report: Record<string, unknown> = {};

/** Controls a finger taps that are under 44 px tall (inline links in running text excepted). */
function smallControls(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type=hidden]), textarea, summary, nav a, a.btn',
    );
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const checkbox = el instanceof HTMLInputElement && /checkbox|radio/.test(el.type);
      // A checkbox or radio counts with its label, which takes the tap.
      const target = checkbox ? (el.closest('label') ?? el) : el;
      const height = target.getBoundingClientRect().height;
      if (height < 44) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name'))
          ?.trim()
          .slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(height)}px`);
      }
    }
    return out;
  });
}

async function shoot(page: Page, name: string) {
  const original = page.viewportSize();
  const entry: Record<string, unknown> = {};
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(DIR, `${name}-${size.width}.png`), fullPage: true });
    entry[size.width] = {
      horizontalScroll: await hasHorizontalScroll(page),
      small: await smallControls(page),
    };
  }
  entry.axe = await accessibilityViolations(page);
  report[name] = entry;
  writeFileSync(join(DIR, 'report.json'), JSON.stringify(report, null, 2));
  if (original) await page.setViewportSize(original);
}

async function enrol(
  page: Page,
  path: string,
  name: string,
  codeFor: (e: string) => Promise<string>,
) {
  const email = await signUpFrom(page, path, { name, codeFor });
  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
  ).toBeVisible();
  return email;
}

shotTest('phone screens', async ({ page, browser, ownServer, smtp }) => {
  shotTest.setTimeout(600_000);
  mkdirSync(DIR, { recursive: true });
  const codeFor = codeReader(smtp);
  const coursePath = pathOf(courseA.slug);

  // Public pages, signed out.
  await page.goto('/');
  await shoot(page, '01-home-header');
  await page.goto('/como-se-inscrever');
  await shoot(page, '02-como-se-inscrever');
  await page.goto(coursePath);
  await shoot(page, '03-course-signed-out');
  await page.goto(pathOf(withPrerequisite.slug));
  await shoot(page, '04-course-prerequisite');

  // Sign-up: the password rule while typing.
  await page.goto(coursePath);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await page.getByLabel('Nome').fill('Maria');
  await page.getByLabel('Senha').fill('abc');
  await shoot(page, '05-sign-up-password');
  await page.getByLabel('Senha').fill(PASSWORD);
  await shoot(page, '05b-sign-up-password-ok');

  // Participants.
  const jose = await otherPersonPage(browser, ownServer.origin);
  const ana = await otherPersonPage(browser, ownServer.origin);
  await jose.setViewportSize(SIZES[0]);
  await enrol(jose, coursePath, 'José Ávila', codeFor);
  await shoot(jose, '06-enrolment-confirmed');
  await jose.goto(coursePath);
  await expect(jose.getByRole('region', { name: 'Inscrição' })).toBeVisible();
  await jose.waitForTimeout(1500);
  await shoot(jose, '07-course-enrolled');
  await enrol(ana, coursePath, 'Ana Beatriz de Souza Albuquerque', codeFor);

  // The coordinator.
  await signUpFrom(page, coursePath, {
    email: coordinatorEmail,
    name: 'Coordenadora Lúcia',
    codeFor,
  });
  await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByText('Sua função: Coordenação')).toBeVisible();
  await shoot(page, '10-equipe-overview');
  const A = `/equipe?curso=${courseA.slug}`;
  // The class full with José and Ana: Carla waits (the waiting list and its own CSV).
  await page.goto(`${A}&aba=configuracoes`);
  await page.getByLabel('Vagas').fill('2');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
  const carla = await otherPersonPage(browser, ownServer.origin);
  await signUpFrom(carla, coursePath, { name: 'Carla Nunes', codeFor });
  await carla.getByRole('button', { name: 'Entrar na lista de espera' }).click();
  await expect(carla.getByRole('button', { name: 'Sair da lista de espera' })).toBeVisible();
  await page.goto(`${A}&aba=participantes`);
  await expect(page.getByText('José Ávila').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar lista de espera (CSV)' })).toBeVisible();
  await shoot(page, '11-participants');
  await page.goto(`${A}&aba=configuracoes`);
  await page.getByLabel('Vagas').fill('1');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shoot(page, '12-settings-error');
  await page.getByLabel('Vagas').fill('30');
  const clock = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Primeiro encontro').fill(clock);
  await page.getByLabel('Horário dos encontros').fill('00:00');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  // A first meeting already past: asked before saving.
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await shoot(page, '12-settings-past-meeting');
  await page.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
  await shoot(page, '12-settings-saved-notified');
  await page.goto(`${A}&aba=presenca`);
  await page.getByRole('button', { name: 'Marcar todos como presentes' }).click();
  await page.waitForTimeout(500);
  await shoot(page, '13-attendance');
  // The door without a connection: a tick kept 'a enviar', a name searched (decision 089).
  await page.context().setOffline(true);
  await page.getByRole('checkbox').first().uncheck();
  await page.getByLabel('Buscar pelo nome').fill('a');
  await page.getByRole('list', { name: 'Encontrados' }).getByRole('button').first().click();
  await shoot(page, '13b-attendance-offline');
  await page.context().setOffline(false);
  await page.goto(`${A}&aba=mensagem`);
  await page
    .getByRole('button', { name: /Enviar/ })
    .first()
    .click();
  await page.waitForTimeout(300);
  await shoot(page, '14-class-message-errors');
  await page.goto(`${A}&aba=pre-requisitos`);
  await page.waitForTimeout(800);
  await shoot(page, '15-prerequisites');
  // A fragment of a name: the search asks for a whole e-mail or a name and surname (decision 081).
  await page.getByLabel('E-mail ou nome').fill('ana');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(
    page.getByText(
      'Digite o e-mail completo, o celular com DDD ou o nome e o sobrenome da pessoa.',
    ),
  ).toBeVisible();
  await shoot(page, '15b-people-search-too-broad');
  await page.goto(`${A}&aba=turmas`);
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await shoot(page, '16-classes-new-form');
  await page.getByLabel('Nome da turma').fill('Turma 2027/1');
  await page.getByRole('button', { name: 'Criar turma' }).click();
  await expect(page.getByText('Turma 2027/1 criada (planejada).')).toBeVisible();
  await page.getByRole('button', { name: 'Abrir inscrições da Turma 2027/1' }).click();
  await expect(page.getByText('Inscrições da Turma 2027/1 abertas.')).toBeVisible();
  await shoot(page, '17-classes-list');

  // Two classes open: the public page's class list and pick.
  const visitor = await otherPersonPage(browser, ownServer.origin);
  await visitor.goto(coursePath);
  await visitor.waitForTimeout(1500);
  await shoot(visitor, '08-course-class-pick');

  const first = page.getByRole('list', { name: 'Turmas do curso' }).getByRole('listitem').first();
  const firstName = ((await first.getByRole('link').textContent()) ?? '').trim();
  await page.getByRole('button', { name: `Encerrar turma ${firstName}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await shoot(page, '18-close-class-dialog');
  await page.getByRole('button', { name: 'Confirmar encerramento' }).click();
  // Its meetings go on: asked again with the count.
  await expect(page.getByRole('alertdialog').getByRole('alert')).toBeVisible();
  await shoot(page, '18-close-class-asked-again');
  await page.getByRole('button', { name: 'Encerrar mesmo assim' }).click();
  await expect(page.getByText(/encerrada:/)).toBeVisible();
  await page.goto(`${A}&aba=conclusoes`);
  await page.waitForTimeout(800);
  await shoot(page, '19-completions');

  // Course B: opening in 2030 and a planned class: nothing open, 'Avise-me quando abrir'.
  const B = `/equipe?curso=${courseB.slug}`;
  await page.goto(`${B}&aba=configuracoes`);
  await page.getByLabel('Abertura das inscrições').fill('2030-01-15T09:00');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
  await page.goto(`${B}&aba=turmas`);
  await page.getByRole('button', { name: 'Nova turma' }).click();
  await page.getByLabel('Nome da turma').fill('Turma 2031/1');
  await page.getByRole('button', { name: 'Criar turma' }).click();
  await expect(page.getByText(/criada \(planejada\)/)).toBeVisible();
  await jose.goto(pathOf(courseB.slug));
  await jose.waitForTimeout(1500);
  await shoot(jose, '09-course-none-open-notify');

  await page.goto('/equipe?secao=conteudo');
  await page.waitForTimeout(1500);
  await shoot(page, '20-content');
  await page.goto('/equipe?secao=registro');
  await page.waitForTimeout(1000);
  await shoot(page, '21-record');
  await page.goto('/equipe?secao=funcoes');
  await page.waitForTimeout(1000);
  await shoot(page, '22-roles');

  // Ana's own pages: history, her data, the deletion.
  await ana.goto('/perfil');
  await expect(ana.getByRole('button', { name: 'Ver meus dados' })).toBeVisible();
  await ana.waitForTimeout(1000);
  await shoot(ana, '23-profile');
  await ana.getByRole('button', { name: 'Carregar Dados' }).click();
  await ana.getByRole('button', { name: 'Alterar senha' }).click();
  await ana.getByLabel('Senha atual').fill('um palpite errado');
  await ana.getByLabel('Nova senha').fill('minha frase nova de agora');
  await ana.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(ana.getByText('A senha atual não confere.')).toBeVisible();
  await shoot(ana, '23b-profile-account-access');
  await ana.getByRole('button', { name: 'Ver meus dados' }).click();
  await ana.waitForTimeout(1000);
  await shoot(ana, '24-my-data');
  await ana.getByRole('button', { name: 'Excluir minha conta' }).click();
  await ana.getByLabel(/Para confirmar/).fill('excluir');
  await shoot(ana, '25-delete-account');
});
