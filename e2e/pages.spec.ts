/** The public screens of spec section 2, as a signed-out visitor sees and uses them. */
import {
  centre,
  courseListItems,
  getProgramme,
  programmeSlugs,
  schedule,
  whatsappLink,
} from '@centro/content';
import { expect, test } from './support/test';

test('home: introduction, Saiba mais, and the Global Kardec banner starting enrolment', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText(centre.introduction[0] ?? '')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Saiba mais' })).toHaveAttribute(
    'href',
    '/saiba-mais',
  );
  const start = page.getByRole('link', { name: 'Iniciar Matrícula' });
  const first = getProgramme('global-kardec').courses[0];
  await start.click();
  await expect(page).toHaveURL(`/global-kardec/${first?.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first?.title ?? '');
});

test("course page: 'Quero me inscrever' stays where it is when the places left arrive", async ({
  page,
}) => {
  // The answer held back until the button has been measured: the press of a person who taps it
  // meanwhile must not land beside it (a click between a moved mousedown and mouseup is lost).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/courses/classes', async (route) => {
    await held;
    await route.continue();
  });
  const course = getProgramme('global-kardec').courses[0];
  await page.goto(`/global-kardec/${course?.slug}`);
  const button = page.getByRole('button', { name: 'Quero me inscrever' });
  await expect(button).toBeEnabled();
  const before = await button.boundingBox();
  release();
  await expect(page.getByText(/^Restam \d+ vagas\.$/)).toBeVisible();
  expect(await button.boundingBox()).toEqual(before);
});

test('saiba mais: about text, a carousel of three images, a link to the schedule', async ({
  page,
}) => {
  await page.goto('/saiba-mais');
  await expect(page.getByText(centre.about[0] ?? '')).toBeVisible();
  const carousel = page.locator('[aria-roledescription="carrossel"]');
  await expect(carousel).toBeVisible();
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(3);
  await expect(slides.first()).toHaveAttribute('aria-label', /1 de 3/);

  const dot = (n: number) => carousel.getByRole('button', { name: `Mostrar imagem ${n} de 3` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: 'Próxima imagem' }).click();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await carousel.getByRole('button', { name: 'Imagem anterior' }).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
  await dot(3).click();
  await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });
  // Keyboard: arrow keys move while the focus is inside the carousel (and wrap around).
  await page.keyboard.press('ArrowRight');
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  await expect(carousel.locator('[aria-live="polite"]')).toContainText('Imagem 3 de 3');

  await expect(page.getByRole('link', { name: /horários/i }).first()).toHaveAttribute(
    'href',
    '/horarios',
  );
});

test('saiba mais: the carousel is a row that scrolls sideways, and its indicator follows a swipe', async ({
  page,
}) => {
  await page.goto('/saiba-mais');
  const carousel = page.locator('[aria-roledescription="carrossel"]');
  const slides = carousel.locator('[aria-roledescription="slide"]');
  const dot = (n: number) => carousel.getByRole('button', { name: `Mostrar imagem ${n} de 3` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  // A swipe is the browser's own scrolling of the row (CSS scroll-snap, no script needed for it),
  // one image at a time.
  const row = carousel.locator('.carousel__viewport');
  const swipe = () => row.evaluate((element) => element.scrollBy({ left: element.clientWidth }));
  await swipe();
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await swipe();
  await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  // The next button wraps around to the first image.
  await carousel.getByRole('button', { name: 'Próxima imagem' }).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
});

test('horários: every day, its activities and a Tirar Dúvidas link naming the activity', async ({
  page,
}) => {
  await page.goto('/horarios');
  const links = page.getByRole('link', { name: /Tirar Dúvidas/ });
  await expect(links).toHaveCount(schedule.length);
  for (const [index, day] of schedule.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: day.day })).toBeVisible();
    for (const activity of day.activities) {
      await expect(page.getByText(activity.title).first()).toBeVisible();
    }
    const href = (await links.nth(index).getAttribute('href')) ?? '';
    expect(href.startsWith(whatsappLink(centre.whatsapp))).toBe(true);
    expect(decodeURIComponent(new URL(href).searchParams.get('text') ?? '')).toContain(
      day.whatsappTopic,
    );
  }
});

test('contato: address, WhatsApp, e-mail and a lazy, titled map 500 px high', async ({ page }) => {
  await page.goto('/contato');
  await expect(page.getByText(centre.address.street).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: centre.email })).toBeVisible();
  const map = page.locator('iframe');
  await expect(map).toHaveAttribute('title', centre.mapTitle);
  await expect(map).toHaveAttribute('loading', 'lazy');
  await expect(map).toHaveAttribute('height', '500');
  await expect(map).toHaveAttribute('src', centre.mapEmbedUrl);
});

for (const slug of programmeSlugs) {
  test(`${slug}: ten course cards with image, title and 'Mais Informações'`, async ({ page }) => {
    await page.goto(`/${slug}`);
    const items = courseListItems(slug);
    const more = page.getByRole('link', { name: /Mais Informações/ });
    await expect(more).toHaveCount(10);
    await expect(page.getByRole('link', { name: /Fazer Matrícula/ })).toHaveCount(0);
    for (const item of items) {
      await expect(page.getByRole('heading', { name: item.descricao, exact: true })).toBeVisible();
      await expect(page.locator(`a[href="${item.url}"]`).first()).toBeVisible();
      const image = page.locator(`img[alt="${item.imagem.alt}"]`);
      await expect(image).toHaveAttribute('width', String(item.imagem.width));
      await expect(image).toHaveAttribute('height', String(item.imagem.height));
    }
    await more.last().click();
    await expect(page).toHaveURL(items.at(-1)?.url ?? '');
  });
}

test('a course page: welcome, description, limited places, tutorial link, sign-up button', async ({
  page,
}) => {
  const course = getProgramme('escola-de-mediuns').courses[2];
  if (!course) throw new Error('missing course');
  await page.goto(`/escola-de-mediuns/${course.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  for (const paragraph of course.description) await expect(page.getByText(paragraph)).toBeVisible();
  await expect(page.getByText(/vagas.*limitadas/i).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quero me inscrever' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toHaveCount(0);
  await page
    .getByRole('main')
    .getByRole('link', { name: /tutorial|como se inscrever/i })
    .click();
  await expect(page).toHaveURL('/como-se-inscrever');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  // The step a new account cannot skip: the code e-mailed to it.
  await expect(page.getByText('Confirme o seu e-mail com o código')).toBeVisible();
  await expect(page.getByText(/digite o código e clique em "Confirmar"/)).toBeVisible();
});

test('without JavaScript, a course page is complete and readable', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const course = getProgramme('global-kardec').courses[4];
  await page.goto(`/global-kardec/${course?.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course?.title ?? '');
  await expect(page.getByText(course?.description[0] ?? '')).toBeVisible();
  await context.close();
});
