import { describe, expect, it } from 'vitest';
import { Publications } from './publications.js';

describe('the publications under way', () => {
  it('keep a save waiting for the pages another refresh started publishing', async () => {
    const publications = new Publications();
    let finish = () => {};
    const rendering = new Promise<void>((resolve) => (finish = resolve));
    // The periodic refresh found the saved revision first and started its pages.
    publications.start('schedule', [rendering]);
    // The save's own refresh finds nothing new, and waits for what is under way.
    let answered = false;
    const save = Promise.all(publications.underWay()).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    finish();
    await save;
    expect(answered).toBe(true);
    expect(publications.underWay()).toEqual([]);
  });

  it('forget a failed publication, which its own waiter sees fail', async () => {
    const publications = new Publications();
    const failed = publications.start('contact', [Promise.reject(new Error('render failed'))]);
    await expect(failed).rejects.toThrow('render failed');
    expect(publications.underWay()).toEqual([]);
  });
});
