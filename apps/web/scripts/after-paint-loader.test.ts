// The loader of optimize-pages.mjs, run in a page (happy-dom: no paint timing, so it starts after
// the next frame).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_LOADER, DEFERRED_MODULE_TYPE, HYDRATED_EVENT } from './optimize-pages.mjs';

const runLoader = () => new Function(AFTER_PAINT_LOADER)();
const nextTask = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

function setUpPage(preloads: string[] = []) {
  document.body.innerHTML =
    '<main><button type="button">Acessar</button></main>' +
    `<script type="${DEFERRED_MODULE_TYPE}" data-modulepreload='${JSON.stringify(preloads)}'>` +
    'globalThis.bootstrapRan = true;</script>';
  return document.querySelector('button') as HTMLButtonElement;
}

afterEach(async () => {
  // The loader's press holder goes once the page says it is hydrated; its start, after a frame.
  window.dispatchEvent(new Event(HYDRATED_EVENT));
  await nextTask(50);
  document.body.innerHTML = '';
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe('the after-paint loader', () => {
  it('holds presses on buttons until the page is hydrated, then replays each once', async () => {
    const button = setUpPage();
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    runLoader();

    button.click();
    button.click();
    expect(pressed).not.toHaveBeenCalled();

    window.dispatchEvent(new Event(HYDRATED_EVENT));
    await nextTask();
    expect(pressed).toHaveBeenCalledTimes(1);

    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('keeps the default of a held press from happening (no form submitted before hydration)', () => {
    const button = setUpPage();
    runLoader();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets presses elsewhere than on buttons through', () => {
    setUpPage();
    runLoader();
    const main = document.querySelector('main') as HTMLElement;
    const pressed = vi.fn();
    main.addEventListener('click', pressed);
    main.click();
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('runs the bootstrap as a module, with its preloads, once, after the first frame', async () => {
    setUpPage(['/assets/framework-1.js', '/assets/root-2.js']);
    runLoader();
    expect(document.querySelector('script[type="module"]')).toBeNull();

    await vi.waitFor(() => expect(document.querySelector('script[type="module"]')).not.toBeNull());
    const modules = document.querySelectorAll('script[type="module"]');
    expect(modules).toHaveLength(1);
    expect(modules[0]?.textContent).toBe('globalThis.bootstrapRan = true;');
    expect(
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/assets/framework-1.js', '/assets/root-2.js']);
  });

  it('does nothing on a page without a deferred bootstrap', async () => {
    document.body.innerHTML = '<button type="button">Acessar</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    runLoader();
    button.click();
    expect(pressed).toHaveBeenCalledTimes(1);
    await nextTask(20);
    expect(document.querySelector('script[type="module"]')).toBeNull();
  });
});
