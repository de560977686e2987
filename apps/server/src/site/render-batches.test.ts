import { describe, expect, it } from 'vitest';
import { RenderBatches, type StartTimer } from './render-batches.js';

/** A clock the test moves: timers fire when it passes them. */
function controlledClock() {
  let now = 0;
  const timers: { at: number; fire: () => void }[] = [];
  const startTimer: StartTimer = (fire, ms) => {
    timers.push({ at: now + ms, fire });
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fire();
    }
    // Let the batches' promises settle.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { startTimer, advance };
}

describe('render batches', () => {
  it('renders pages asked close together once, after the window', async () => {
    const clock = controlledClock();
    const rendered: string[][] = [];
    const batches = new RenderBatches({
      windowMs: 250,
      startTimer: clock.startTimer,
      render: async (paths) => {
        rendered.push([...paths]);
      },
    });
    let contactDone = false;
    let homeDone = false;
    void batches.request(['/', '/contato', '/horarios']).then(() => (contactDone = true));
    await clock.advance(100);
    void batches.request(['/']).then(() => (homeDone = true));
    expect(rendered).toEqual([]);
    await clock.advance(150);
    expect(rendered).toEqual([['/', '/contato', '/horarios']]);
    expect([contactDone, homeDone]).toEqual([true, true]);
  });

  it('puts what is asked during a render into the next batch, rendered after it', async () => {
    const clock = controlledClock();
    const rendered: string[][] = [];
    let finish: () => void = () => undefined;
    const batches = new RenderBatches({
      windowMs: 250,
      startTimer: clock.startTimer,
      render: (paths) => {
        rendered.push([...paths]);
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const first = batches.request(['/']);
    await clock.advance(250);
    expect(rendered).toEqual([['/']]);
    const second = batches.request(['/', '/saiba-mais']);
    const third = batches.request(['/saiba-mais']);
    await clock.advance(250);
    // The first batch is still rendering: the next waits for it.
    expect(rendered).toEqual([['/']]);
    finish();
    await first;
    await clock.advance(0);
    expect(rendered).toEqual([['/'], ['/', '/saiba-mais']]);
    finish();
    await Promise.all([second, third]);
    expect(rendered).toHaveLength(2);
  });

  it('tells every request of a batch that failed', async () => {
    const clock = controlledClock();
    const batches = new RenderBatches({
      windowMs: 10,
      startTimer: clock.startTimer,
      render: () => Promise.reject(new Error('renderer gone')),
    });
    const one = batches.request(['/']);
    const two = batches.request(['/contato']);
    await clock.advance(10);
    await expect(one).rejects.toThrow('renderer gone');
    await expect(two).rejects.toThrow('renderer gone');
  });
});
