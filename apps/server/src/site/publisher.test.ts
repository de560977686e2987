/**
 * The site's publisher on its own, with a controlled clock: a banner shows and goes at the
 * instants of its period, not at the next periodic check; a new photo renders only the pages that
 * show it; a page whose render fails stays as it was served.
 */
import { centre } from '@centro/content';
import type { Banner } from '@centro/contracts';
import { describe, expect, it, vi } from 'vitest';
import { packagedContent, type SiteContent } from '../content/documents.js';
import type { PublishListener } from '../content/service.js';
import type { SitePages } from './load-pages.js';
import type { PreparedPage } from './page.js';
import type { PageRenderer } from './page-renderer.js';
import { createPublisher, type PublisherClock, RENDER_WINDOW_MS } from './publisher.js';

/** A clock whose time moves only when the test says, firing the timers due on the way. */
function controlledClock(startIso: string) {
  let now = Date.parse(startIso);
  const timers: { at: number; every?: number; fire: () => void; cancelled: boolean }[] = [];
  const add = (fire: () => void, ms: number, every?: number) => {
    const timer = { at: now + ms, fire, cancelled: false, ...(every ? { every } : {}) };
    timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  };
  const clock: PublisherClock & { advance(ms: number): void } = {
    now: () => new Date(now),
    after: (fire, ms) => add(fire, ms),
    every: (fire, ms) => add(fire, ms, ms),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers
          .filter((t) => !t.cancelled && t.at <= end)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every) due.at += due.every;
        else due.cancelled = true;
        due.fire();
      }
      now = end;
    },
  };
  return clock;
}

const page = (body: string) =>
  Buffer.from(`<!doctype html><html><head></head><body>${body}</body></html>`);

/** The site as built: the home page and 'Saiba mais'. */
function builtPages(): SitePages {
  return {
    byPath: new Map(),
    notFound: undefined as unknown as PreparedPage,
    html: new Map([
      ['/', page('<main>Início</main>')],
      ['/saiba-mais', page('<main>Saiba mais</main>')],
    ]),
    data: new Map(),
    scripts: new Map(),
  };
}

const served = (pages: SitePages, urlPath: string) =>
  pages.byPath.get(urlPath)?.representations.identity.body.toString('utf8') ?? '';

/** The content service as the publisher sees it: what is in effect, and its publications. */
function editedContent(initial: Partial<SiteContent> = {}) {
  const listeners: PublishListener[] = [];
  let current: SiteContent = { ...packagedContent, ...initial };
  return {
    content: () => current,
    onPublish: (listener: PublishListener) => void listeners.push(listener),
    previewWith: () => undefined,
    refresh: async () => undefined,
    watch: () => undefined,
    stop: () => undefined,
    /** A save of `document`, published as the service does. */
    async save(document: string, changed: Partial<SiteContent>) {
      current = { ...current, ...changed };
      await Promise.all(listeners.map((l) => l(document, current)));
    },
  };
}

/** A renderer that names the page it rendered, and remembers which it was asked for. */
function recordingRenderer(fail?: string) {
  const rendered: string[] = [];
  const renderer: PageRenderer = {
    async render(urlPath) {
      rendered.push(urlPath);
      if (urlPath === fail) throw new Error('render failed');
      return { html: page(`<main>rendered ${urlPath}</main>`).toString('utf8'), scripts: [] };
    },
  };
  return { renderer, rendered };
}

function publisherOf(options: {
  clock: PublisherClock;
  content: ReturnType<typeof editedContent>;
  renderer?: PageRenderer;
  pages?: SitePages;
}) {
  const pages = options.pages ?? builtPages();
  const log = { info: vi.fn(), error: vi.fn() };
  const publisher = createPublisher({
    pages,
    security: { frameSrc: [], https: false },
    renderer: options.renderer,
    content: options.content,
    photos: { file: async () => undefined, keepPreview: () => undefined },
    readClasses: async () => [],
    readRecesses: async () => [],
    dataProtectionEmail: centre.email,
    log,
    clock: options.clock,
  });
  return { publisher, pages, log };
}

// São Paulo is UTC-3: 10:00 there is 13:00Z.
const holiday: Banner = {
  title: 'Feriado',
  text: 'Não haverá atividades.',
  from: '2027-01-10T10:00',
  until: '2027-01-10T12:00',
  place: 'home',
};

describe('the site publisher', () => {
  it('shows a banner at the instant its period starts, before the next periodic check', async () => {
    const clock = controlledClock('2027-01-10T12:59:50Z');
    const content = editedContent({ notices: [holiday] });
    const { publisher, pages } = publisherOf({ clock, content });
    await publisher.start();
    expect(served(pages, '/')).not.toContain('Feriado');

    // Ten seconds later, well before the next periodic check (30 s).
    clock.advance(10_010);
    await vi.waitFor(() => expect(served(pages, '/')).toContain('Feriado'));
    expect(served(pages, '/saiba-mais')).not.toContain('Feriado');

    publisher.stop();
  });

  it('takes a banner off at the instant its period ends', async () => {
    // Ten seconds before 12:00 São Paulo, the banner shown.
    const clock = controlledClock('2027-01-10T14:59:50Z');
    const { publisher, pages } = publisherOf({
      clock,
      content: editedContent({ notices: [holiday] }),
    });
    await publisher.start();
    expect(served(pages, '/')).toContain('Feriado');

    clock.advance(10_010);
    await vi.waitFor(() => expect(served(pages, '/')).not.toContain('Feriado'));
    publisher.stop();
  });

  it('renders again only the pages showing a photo that changed', async () => {
    const clock = controlledClock('2027-01-10T12:00:00Z');
    const content = editedContent();
    const { renderer, rendered } = recordingRenderer();
    const { publisher, pages } = publisherOf({ clock, content, renderer });
    await publisher.start();
    rendered.length = 0;

    const photo = { id: 'p1', alt: 'Fachada' } as unknown as SiteContent['photos'][string];
    const saved = content.save('photos', { photos: { banner: photo } });
    clock.advance(RENDER_WINDOW_MS);
    await saved;
    expect(rendered).toEqual(['/']);
    expect(served(pages, '/')).toContain('rendered /');

    // The same photos again: nothing to render. Another slot: its page only.
    const again = content.save('photos', { photos: { banner: photo } });
    clock.advance(RENDER_WINDOW_MS);
    await again;
    const carousel = content.save('photos', { photos: { banner: photo, 'carousel-1': photo } });
    clock.advance(RENDER_WINDOW_MS);
    await carousel;
    expect(rendered).toEqual(['/', '/saiba-mais']);
    publisher.stop();
  });

  it('keeps serving the page it had when a render fails, and says so in the log', async () => {
    const clock = controlledClock('2027-01-10T12:00:00Z');
    const content = editedContent();
    const { renderer } = recordingRenderer('/');
    const { publisher, pages, log } = publisherOf({ clock, content, renderer });
    await publisher.start();
    const before = served(pages, '/');

    const saved = content.save('photos', {
      photos: { banner: {} as SiteContent['photos'][string] },
    });
    clock.advance(RENDER_WINDOW_MS);
    await saved;
    expect(served(pages, '/')).toBe(before);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/' }),
      'page not rendered',
    );
    publisher.stop();
  });
});
