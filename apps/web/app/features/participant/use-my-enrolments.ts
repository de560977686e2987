/**
 * The signed-in person's places and waiting positions (GET /api/me/enrolments), loaded once per
 * screen with the stored API token, and `reload` after an action. `failed` leaves the screen as if
 * the person held nothing: the server decides every action anyway.
 */
import type { MyEnrolment } from '@centro/contracts';
import { useCallback, useEffect, useState } from 'react';
import { createBearerCall, SignedOutError, type BearerCall } from '~/auth/bearer-call';
import { useAuth } from '~/auth/use-auth';
import { fetchMyEnrolments } from './api/my-enrolments';

export type MyEnrolments =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; enrolments: MyEnrolment[] };

export function useMyEnrolments(): {
  mine: MyEnrolments;
  reload: () => Promise<void>;
  call: BearerCall;
} {
  const { getUser } = useAuth();
  const [call] = useState(() => createBearerCall(getUser));
  const [mine, setMine] = useState<MyEnrolments>({ state: 'loading' });
  const reload = useCallback(
    () =>
      call(fetchMyEnrolments).then(
        (enrolments) => setMine({ state: 'ready', enrolments }),
        (error: unknown) => {
          // Signed out meanwhile (e.g. 'Sair' pressed while this loaded): nothing to show, no fault.
          if (!(error instanceof SignedOutError))
            console.error('Loading my enrolments failed', error);
          setMine({ state: 'failed' });
        },
      ),
    [call],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { mine, reload, call };
}
