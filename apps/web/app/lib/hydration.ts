/**
 * The window event the root layout raises once the page is hydrated and its start-up effects have
 * run (the auth state known). The prerendered pages' loader (scripts/optimize-pages.mjs, decision
 * 010) keeps the presses on buttons made before then and replays them when it hears it.
 */
export const HYDRATED_EVENT = 'centro:hydrated';

/** Raises HYDRATED_EVENT (from an effect of the root layout: after its children's effects). */
export function announceHydrated(): void {
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}
