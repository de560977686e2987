/**
 * Running one of the participant's actions (cancel, join or leave the waiting list): one at a
 * time, a success toast, the API's own sentence for a refusal it explained (or the spec's failure
 * warning), then the person's state loaded again, whatever happened.
 */
import { useState } from 'react';
import { useApi } from '~/auth/use-api';
import { notify } from '~/components/toasts/notify';
import { explainedRefusal } from '~/lib/explained-refusal';
import { participantMessages as text } from './copy';

export function useCourseActions(reload: () => Promise<void>) {
  const call = useApi();
  const [busy, setBusy] = useState(false);
  const run = async <T>(
    action: (token: string) => Promise<T>,
    done: (result: T) => string,
  ): Promise<boolean> => {
    setBusy(true);
    try {
      void notify('success', done(await call(action)));
      return true;
    } catch (error) {
      const sentence = explainedRefusal(error);
      if (sentence === null) console.error('Course action failed', error);
      void notify('warning', sentence ?? text.failed);
      return false;
    } finally {
      await reload();
      setBusy(false);
    }
  };
  return { busy, run };
}
