/**
 * The desk and the door on a 390 px phone (decisions 095 and 096): the coordinator enrols at the
 * desk a person without an account, with the consent read aloud; the person later signs up with
 * that e-mail and finds the place in 'Minhas inscrições'. Someone without an e-mail who lost the
 * paper gets a new code from the participants' list: the old code is refused, the new one claims
 * the place. At the door, with the class full, a
 * walk-in is added in two taps and listed as a guest of the meeting, apart from the marks.
 * With SHOTS_DIR set, each new screen is saved there for review.
 */
import { addDays, getProgramme, wallClockAt } from '@centro/content';
import { otherPersonPage, signUpFrom, uniqueEmail } from './support/accounts';
import { expect, test } from './support/sign-in-server';
import { codeReader, mailServerTestWith } from './support/smtp';
import { reviewShot } from './support/review-shot';

const course = getProgramme('global-kardec').courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const coordinatorEmail = uniqueEmail();
const deskTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });
// The wrong claim code below: Chromium reports the 404 answer itself.
deskTest.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

deskTest(
  'a desk enrolment found after sign-up, and a walk-in at the door',
  async ({ page, browser, ownServer, smtp }) => {
    test.setTimeout(180_000);
    const codeFor = codeReader(smtp);
    const rosaEmail = uniqueEmail();
    await signUpFrom(page, coursePath, { email: coordinatorEmail, name: 'Lúcia Coord', codeFor });

    await test.step('the desk enrols a person without an account', async () => {
      await page.goto(`/equipe?curso=${course.slug}&aba=balcao`);
      const desk = page.getByRole('region', { name: 'Inscrever no balcão' });
      await desk.getByLabel('Nome e sobrenome').fill('Rosa Maria Lima');
      await desk.getByLabel('Celular com DDD').fill('(21) 97777-3333');
      await desk.getByLabel('E-mail (opcional)').fill(rosaEmail);
      await desk.getByRole('button', { name: 'Inscrever' }).click();
      // The consent is asked first: nothing is sent without it.
      await expect(desk.getByRole('alert')).toHaveText(
        'Leia o texto para a pessoa e marque que ela concordou.',
      );
      await desk.getByRole('checkbox', { name: 'A pessoa ouviu e concordou' }).check();
      await reviewShot(page, 'desk-enrol-form');
      await desk.getByRole('button', { name: 'Inscrever' }).click();
      await expect(desk.getByRole('status').first()).toContainText(
        'Rosa Maria Lima foi inscrita(o) nesta turma.',
      );
      await expect(desk.getByText(/Entregue este código à pessoa/)).toContainText(
        /[A-Z2-9]{4}-[A-Z2-9]{4}/,
      );
      await reviewShot(page, 'desk-enrol-done');
    });

    await test.step('the person signs up with that e-mail and finds the place', async () => {
      const rosa = await otherPersonPage(browser, ownServer.origin);
      await signUpFrom(rosa, coursePath, { email: rosaEmail, name: 'Rosa Maria Lima', codeFor });
      await rosa.goto('/perfil');
      await expect(rosa.getByRole('region', { name: 'Minhas inscrições' })).toContainText(
        course.title,
      );
      // The code from the desk is the other way in; a wrong one says so.
      await rosa.getByText('Recebi um código da secretaria').click();
      await rosa.getByLabel('Código (8 letras e números)').fill('ABCD-EFGH');
      await rosa.getByRole('button', { name: 'Usar código' }).click();
      await expect(rosa.getByText(/Código não encontrado ou já usado/)).toBeVisible();
      await reviewShot(rosa, 'claim-code');
      await rosa.context().close();
    });

    await test.step('a lost paper: a new code claims the place, the old one no more', async () => {
      await page.goto(`/equipe?curso=${course.slug}&aba=balcao`);
      const desk = page.getByRole('region', { name: 'Inscrever no balcão' });
      await desk.getByLabel('Nome e sobrenome').fill('Pedro Henrique Alves');
      await desk.getByLabel('Celular com DDD').fill('(21) 95555-6666');
      await desk.getByRole('checkbox', { name: 'A pessoa ouviu e concordou' }).check();
      await desk.getByRole('button', { name: 'Inscrever' }).click();
      const first = desk.getByText(/Entregue este código à pessoa/);
      const lost = /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await first.textContent()) ?? '')?.[0] ?? '';
      expect(lost).not.toBe('');

      await page.goto(`/equipe?curso=${course.slug}&aba=participantes`);
      await page
        .getByRole('button', { name: 'Gerar novo código para Pedro Henrique Alves' })
        .click();
      const ask = page.getByRole('alertdialog');
      await expect(ask).toContainText('O código anterior deixa de funcionar na hora');
      await reviewShot(page, 'new-claim-code-confirm');
      await ask.getByRole('button', { name: 'Confirmar novo código' }).click();
      const shown = page.getByText(/Entregue este código à pessoa/);
      await expect(shown).toContainText(/[A-Z2-9]{4}-[A-Z2-9]{4}/);
      const fresh = /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await shown.textContent()) ?? '')?.[0] ?? '';
      expect(fresh).not.toBe(lost);
      await reviewShot(page, 'new-claim-code-done');

      const pedro = await otherPersonPage(browser, ownServer.origin);
      await signUpFrom(pedro, coursePath, {
        email: uniqueEmail(),
        name: 'Pedro Henrique Alves',
        codeFor,
      });
      await pedro.goto('/perfil');
      await pedro.getByText('Recebi um código da secretaria').click();
      const code = pedro.getByLabel('Código (8 letras e números)');
      await code.fill(lost);
      await pedro.getByRole('button', { name: 'Usar código' }).click();
      await expect(pedro.getByText(/Código não encontrado ou já usado/)).toBeVisible();
      await code.fill(fresh);
      await pedro.getByRole('button', { name: 'Usar código' }).click();
      await expect(
        pedro.getByText('Pronto: a inscrição feita na secretaria agora está na sua conta.'),
      ).toBeVisible();
      await expect(pedro.getByRole('region', { name: 'Minhas inscrições' })).toContainText(
        course.title,
      );
      await pedro.context().close();
    });

    await test.step('at the door, a walk-in to a full class is a guest of the meeting', async () => {
      // Meetings from two weeks ago (today's can be marked), and no place left.
      const clock = wallClockAt(new Date());
      const today = `${clock.year}-${clock.month}-${clock.day}`;
      await page.goto(`/equipe?curso=${course.slug}&aba=configuracoes`);
      await page.getByLabel('Vagas').fill('2');
      await page.getByLabel('Primeiro encontro').fill(addDays(today, -14));
      await page.getByLabel('Horário dos encontros').fill('00:00');
      await page.getByRole('button', { name: 'Salvar configurações' }).click();
      await page.getByRole('button', { name: 'Salvar mesmo assim' }).click();
      await expect(page.getByText(/^Configurações salvas/)).toBeVisible();

      await page.goto(`/equipe?curso=${course.slug}&aba=presenca`);
      await page.getByRole('button', { name: 'Chegou sem inscrição' }).click();
      const form = page.getByRole('form', { name: 'Chegou sem inscrição' });
      await form.getByLabel('Nome e sobrenome').fill('Joana Visitante');
      await form.getByLabel('Celular com DDD').fill('(21) 96666-4444');
      await form.getByRole('checkbox', { name: 'A pessoa ouviu e concordou' }).check();
      await reviewShot(page, 'walk-in-form');
      await form.getByRole('button', { name: 'Adicionar' }).click();
      await expect(
        page.getByText('Não havia vaga: Joana Visitante ficou como visitante deste encontro.'),
      ).toBeVisible();
      await expect(page.getByRole('list').filter({ hasText: 'Joana Visitante' })).toHaveCount(1);
      // Apart from the marks: the count of those present is the class's own.
      await expect(page.getByText(/0 de 2 presentes/)).toBeVisible();
      await reviewShot(page, 'walk-in-guest');
    });
  },
);
