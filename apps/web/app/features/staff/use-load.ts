/**
 * One load of a staff view: its data, whether it failed, and `reload`. A reload keeps showing the
 * data it has until the new answer arrives (a failed view shows 'loading' again); a load started
 * for an older request never overwrites a newer one's answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { explained } from './messages';

export type Loaded<T> =
  { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; data: T };

export function useLoad<T>(load: () => Promise<T>): Loaded<T> & { reload: () => void } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const latest = useRef(0);
  const run = useCallback(() => {
    const ticket = ++latest.current;
    load().then(
      (data) => {
        if (ticket === latest.current) setResult({ state: 'ready', data });
      },
      (error: unknown) => {
        if (explained(error) === null) console.error('Staff area: loading failed', error);
        if (ticket === latest.current) setResult({ state: 'failed', error });
      },
    );
  }, [load]);
  useEffect(run, [run]);
  const reload = useCallback(() => {
    setResult((current) => (current.state === 'failed' ? { state: 'loading' } : current));
    run();
  }, [run]);
  return { ...result, reload };
}
