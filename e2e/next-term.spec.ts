/**
 * 'Preparar próximo semestre' on a phone, on a server of its own (it gives every course a class):
 * the coordinator sees one row per course, corrects one, creates them all with a double tap, and
 * finds each course's class once; opened again, every course is prepared and nothing can be
 * created twice.
 */
import { allCourses, getProgramme } from '@centro/content';
import { mainNav, signUpFrom, uniqueEmail } from './support/accounts';
import { expect } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';
import { codeReader, mailServerTestWith } from './support/smtp';

const course = getProgramme('global-kardec').courses[0];
if (!course) throw new Error('No course');
const coursePath = `/global-kardec/${course.slug}`;
const coordinatorEmail = uniqueEmail();
const courses = allCourses();

const nextTermTest = mailServerTestWith({ ADMIN_EMAILS: coordinatorEmail });

nextTermTest(
  "'Preparar próximo semestre' creates every course's class once",
  async ({ page, smtp }) => {
    // A sign-up with its e-mail code and twenty classes created, on a shared machine.
    nextTermTest.setTimeout(120_000);
    await signUpFrom(page, coursePath, { email: coordinatorEmail, codeFor: codeReader(smtp) });
    await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
    await page.getByRole('link', { name: 'Próximo semestre' }).click();
    await expect(page).toHaveURL('/equipe?secao=semestre');
    const heading = page.getByRole('heading', { level: 2, name: /^Preparar próximo semestre/ });
    const term = /(\d{4}\/[12])$/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
    expect(term).toMatch(/^\d{4}\/[12]$/);

    const rows = page.getByRole('table').locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(courses.length);
    const row = rows.filter({ has: page.getByRole('rowheader', { name: course.title }) });
    await expect(row.getByLabel(`Horário (${course.title})`)).toHaveValue(course.meetings.time);
    await row.getByLabel(`Vagas (${course.title})`).fill('12');
    await row.getByLabel(`Local (${course.title})`).fill('Salão principal');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A double tap creates the classes once (the button waits; the proposal’s key guards a repeat).
    await page.getByRole('button', { name: `Criar turmas (${courses.length})` }).dblclick();
    await expect(page.getByRole('status')).toHaveText(
      `${courses.length} turmas criadas para ${term}.`,
    );
    await expect(
      page.getByText(`Todos os cursos já têm a turma do semestre ${term}.`),
    ).toBeVisible();
    await expect(
      page.getByRole('list').filter({ hasText: course.title }).getByRole('listitem'),
    ).toHaveCount(courses.length);

    // Opened again: all prepared, nothing to create.
    await page.reload();
    await expect(
      page.getByText(`Todos os cursos já têm a turma do semestre ${term}.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Criar turmas/ })).toHaveCount(0);

    // The course has its one class of the term, planned, with the corrected places.
    await page.goto(`/equipe?curso=${course.slug}&aba=turmas`);
    const classes = page.getByRole('list', { name: 'Turmas do curso' }).getByRole('listitem');
    await expect(classes).toHaveCount(2);
    await expect(classes.nth(1)).toContainText(`Turma ${term}Planejada`);
    await expect(classes.nth(1)).toContainText('Inscritos: 0 de 12 vagas');
  },
);
