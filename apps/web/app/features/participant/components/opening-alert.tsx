/**
 * Before a course's enrolment opens, for a signed-in person: 'Avise-me quando abrir' (one e-mail
 * when it opens), or, once asked, that the e-mail will come and a way to cancel it.
 */
import { useCallback } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { askOpeningAlert, cancelOpeningAlert, fetchOpeningAlerts } from '../api/opening-alerts';
import { participantMessages as text } from '../copy';
import { useCourseActions } from '../use-course-actions';
import { CourseActionButton } from './course-action-button';
import { OwnCourseState } from './own-course-state';

export function OpeningAlert({ slug }: { slug: string }) {
  const call = useApi();
  const alerts = useLoad<string[]>(
    useCallback(() => call(fetchOpeningAlerts), [call]),
    'Loading opening alerts',
  );
  const { busy, run } = useCourseActions(alerts.reload);
  if (alerts.state === 'loading') return <p role="status">Carregando…</p>;
  if (alerts.state === 'ready' && alerts.data.includes(slug)) {
    return (
      <OwnCourseState line={text.alertAsked}>
        <CourseActionButton
          busy={busy}
          run={run}
          action={(t) => cancelOpeningAlert(slug, t)}
          done={() => text.alertCancelled}
        >
          {text.alertCancel}
        </CourseActionButton>
      </OwnCourseState>
    );
  }
  return (
    <CourseActionButton
      accent
      busy={busy}
      run={run}
      action={(t) => askOpeningAlert(slug, t)}
      done={() => text.alertDone}
    >
      {text.alert}
    </CourseActionButton>
  );
}
