/**
 * The signed-in person's places and waiting positions (GET /api/me/enrolments), loaded once per
 * screen with the page's API call, and `reload` after an action. A failed load leaves the screen as
 * if the person held nothing: the server decides every action anyway.
 */
import type { MyEnrolment } from '@centro/contracts';
import { useCallback } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchMyEnrolments } from './api/my-enrolments';

export function useMyEnrolments() {
  const call = useApi();
  return useLoad<MyEnrolment[]>(
    useCallback(() => call(fetchMyEnrolments), [call]),
    'Loading my enrolments',
  );
}
