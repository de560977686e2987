/**
 * Running one of the participant's actions (cancel, join or leave the waiting list): one at a
 * time, a success toast, the API's own sentence for a refusal it explained (or the spec's failure
 * warning), then the person's state loaded again, whatever happened. A refusal for the course's
 * prerequisites is kept (`refusal`) for the box to show beside its disabled button.
 */
import { useState } from 'react';
import { useApi } from '~/auth/use-api';
import { notify } from '~/components/toasts/notify';
import { ErrorCode } from '@centro/contracts/error-codes';
import { ApiError } from '~/lib/api-error';
import { explainedRefusal } from '~/lib/explained-refusal';
import { participantMessages as text } from './copy';

export function useCourseActions(reload: () => Promise<void>) {
  const call = useApi();
  const [busy, setBusy] = useState(false);
  /** The prerequisites' refusal, kept in the course box rather than a toast (decision 077). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async <T>(
    action: (token: string) => Promise<T>,
    done: (result: T) => string,
  ): Promise<boolean> => {
    setBusy(true);
    try {
      void notify('success', done(await call(action)));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.PrerequisiteMissing) {
        setRefusal(error.apiMessage ?? text.failed);
        return false;
      }
      const sentence = explainedRefusal(error);
      if (sentence === null) console.error('Course action failed', error);
      void notify('warning', sentence ?? text.failed);
      return false;
    } finally {
      await reload();
      setBusy(false);
    }
  };
  return { busy, run, refusal };
}
