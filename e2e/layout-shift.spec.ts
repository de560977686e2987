/**
 * The course page's enrolment box and the page's layout shift (decision
 * 070): GET /api/courses/classes answers after the first paint (held here until the page is
 * painted and hydrated, as on a slow network), rewritten from the real answer to hold 0, 1 or 2
 * open classes (2: the choice of a class), the page's class hint (`data-turmas` on <html>, put by
 * the server) made to agree. The cumulative layout shift is Chromium's 'layout-shift' entries
 * without recent input.
 */
import { getProgramme } from '@centro/content';
import type { PublicClass } from '@centro/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const course = getProgramme('global-kardec').courses[0];
const slug = course?.slug ?? '';

/** `open` classes of the course taking enrolments, made from its real one. */
function classesWith(open: number, real: PublicClass[]): PublicClass[] {
  const first = real[0];
  if (!first) throw new Error('the course has no class');
  return Array.from({ length: open }, (_, i) => ({
    ...first,
    id: `${first.id}-${i}`,
    name: `Turma ${i + 1}`,
    enrolment: 'open' as const,
    placesLeft: Math.max(first.placesLeft, 3),
    room: i === 0 ? 'Sala 3' : null,
  }));
}

/** The page's layout shift from its load until the classes have been shown. */
async function shiftWhenClassesArrive(page: Page, open: number, scrolled: boolean) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  // Asked once hydrated (the box's effect): the page is painted and hydrated then.
  const hydrated = new Promise<void>((resolve) => (asked = resolve));
  // The page's class hint (decision 070) agrees with the answer, as the server's would.
  await page.route(`**/global-kardec/${slug}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/data-turmas="\d"/, `data-turmas="${open}"`);
    await route.fulfill({ response, body });
  });
  await page.route('**/api/courses/classes', async (route) => {
    asked();
    const response = await route.fetch();
    const json = (await response.json()) as { courses: Record<string, PublicClass[]> };
    json.courses[slug] = classesWith(open, json.courses[slug] ?? []);
    await held;
    await route.fulfill({ response, json });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) w.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/global-kardec/${slug}`);
  const box = page.getByRole('region', { name: 'Inscrição' });
  // Hydrated and painted before the answer comes.
  await hydrated;
  await expect(page.locator('html')).toHaveAttribute('data-turmas', String(open));
  if (scrolled) await box.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  release();
  if (open === 2) await expect(box.getByRole('listitem')).toHaveCount(2);
  else if (open === 1) await expect(box.getByText(/^Restam \d+ vagas\.$/)).toBeVisible();
  else await expect(box.getByText(/^Nenhuma turma com inscrições abertas/)).toBeVisible();
  // Two frames for the last entries to be reported.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return page.evaluate(() => (window as unknown as { shift: number }).shift);
}

for (const open of [0, 1, 2]) {
  test(`course page, ${open} open class(es): the classes' arrival shifts nothing at load`, async ({
    page,
  }) => {
    expect(await shiftWhenClassesArrive(page, open, false)).toBeLessThan(0.01);
  });

  test(`course page, ${open} open class(es): nor for a person already at the box`, async ({
    page,
  }) => {
    // On a phone the box is the page's last block, just above the footer: without the class hint
    // served with the page (decision 070), a box that shrinks (none open) or grows (the choice of a
    // class) moved the footer and the help line below it.
    expect(await shiftWhenClassesArrive(page, open, true)).toBeLessThan(0.01);
  });
}
