/**
 * The one loading state of a screen that loads data (decision 042): `useLoad(load, what)` gives
 * `{ state: 'loading' }`, `{ state: 'failed', error }` or `{ state: 'ready', data }`, and `reload`.
 * A reload keeps showing the data it has until the new answer arrives (a failed view shows 'loading'
 * again); a load started for an older request never overwrites a newer one's answer. Failures
 * nobody explained are logged as `<what> failed`; a refusal the API explained and a person signed
 * out meanwhile are no fault.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { explainedRefusal } from './explained-refusal';
import { SignedOutError } from './signed-out-error';

export type Loaded<T> =
  { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T };

/** `load` must be stable (useCallback): a new one loads again. */
export function useLoad<T>(
  load: () => Promise<T>,
  what: string,
): Loaded<T> & { reload: () => Promise<void> } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(() => {
    const ticket = ++latest.current;
    return load().then(
      (data) => {
        if (ticket === latest.current) setResult({ state: 'ready', data });
      },
      (error: unknown) => {
        // A screen left before its answer came has nothing to report.
        if (!mounted.current) return;
        if (explainedRefusal(error) === null && !(error instanceof SignedOutError)) {
          console.error(`${what} failed`, error);
        }
        if (ticket === latest.current) setResult({ state: 'failed', error });
      },
    );
  }, [load, what]);
  useEffect(() => {
    void run();
  }, [run]);
  const reload = useCallback(() => {
    setResult((current) => (current.state === 'failed' ? { state: 'loading' } : current));
    return run();
  }, [run]);
  return { ...result, reload };
}
