/**
 * The course page's action for a signed-in person (the course route loads it once someone is
 * signed in, so that an anonymous visitor's first load does not carry it): enrolled, the WhatsApp
 * group and 'Cancelar inscrição' (with a confirmation step); waiting, the position and 'Sair da
 * lista de espera'; neither, the enrolment button while places are left, 'Entrar na lista de
 * espera' when the course is full, and 'Avise-me quando abrir' before enrolment opens. Once the
 * course has ended, an enrolled person reads that it has, with nothing left to cancel. It tells the
 * page (`onOwn`) when its own line says it all, so that the box says one thing at a time.
 */
import type { MyEnrolment } from '@centro/contracts';
import { messages } from '@centro/contracts/messages';
import { useEffect, useId, type ReactNode } from 'react';
import { prepareToasts } from '~/components/toasts/notify';
import { cancelEnrolment, joinWaitingList, leaveWaitingList } from '../api/my-enrolments';
import { participantMessages as text } from '../copy';
import { isCurrent } from '../format';
import { useCourseActions } from '../use-course-actions';
import { useMyEnrolments } from '../use-my-enrolments';
import { CancelEnrolment } from './cancel-enrolment';
import { CourseActionButton } from './course-action-button';
import { OwnCourseState } from './own-course-state';
import { OpeningAlert } from './opening-alert';
import '../participant.css';

export interface CourseActionProps {
  slug: string;
  /** Enrolment is open at the server's clock (or not known yet). */
  open: boolean;
  /** No place is left (known from the availability call). */
  full: boolean;
  /** Enrolment has not opened yet: 'Avise-me quando abrir'. */
  notYetOpen?: boolean;
  /** 'Finalizar inscrição', from the enrolment feature. */
  enrolButton: ReactNode;
  /** The class picked among several open: its waiting list is the one joined. */
  turma?: string;
  /** Told whether the person holds, awaits or held a place here (their line then says it all). */
  onOwn?: (own: boolean) => void;
}

export function SignedInCourseAction({
  slug,
  open,
  full,
  notYetOpen = false,
  enrolButton,
  onOwn,
  turma,
}: CourseActionProps) {
  const mine = useMyEnrolments();
  const { busy, run, refusal } = useCourseActions(mine.reload);
  const refusalId = useId();
  // Its toasts must show even if the connection drops later.
  useEffect(prepareToasts, []);
  // The person's place or waiting position now; a past class of the course is only history.
  const here: MyEnrolment | undefined =
    mine.state === 'ready'
      ? mine.data.find((e) => e.course === slug && isCurrent(e.state))
      : undefined;
  const own = here !== undefined;
  useEffect(() => {
    onOwn?.(own);
    return () => onOwn?.(false);
  }, [onOwn, own]);

  if (mine.state === 'loading') return <p role="status">Carregando…</p>;

  if (here?.state === 'enrolled' && here.nextMeeting === null) {
    return <p className="enrol__state">{text.ended}</p>;
  }
  if (here?.state === 'enrolled') {
    return (
      <OwnCourseState
        line={text.enrolled}
        // No invite yet: said, rather than a button to a link that leads nowhere.
        note={here.whatsappUrl ? undefined : messages.groupLinkLater}
      >
        {here.whatsappUrl && (
          <a className="btn btn-whatsapp" href={here.whatsappUrl} rel="noopener">
            {text.whatsapp}
          </a>
        )}
        <CancelEnrolment
          busy={busy}
          onConfirm={() =>
            run(
              (t) => cancelEnrolment(slug, t),
              () => text.cancelled,
            )
          }
        />
      </OwnCourseState>
    );
  }
  if (here?.state === 'pending') return <p className="enrol__state">{text.pending}</p>;
  if (here?.state === 'waiting') {
    return (
      <OwnCourseState line={text.waiting(here.position ?? 1)}>
        <CourseActionButton
          busy={busy}
          run={run}
          action={(t) => leaveWaitingList(slug, t)}
          done={() => text.left}
        >
          {text.leave}
        </CourseActionButton>
      </OwnCourseState>
    );
  }
  if (!open) return notYetOpen ? <OpeningAlert slug={slug} /> : null;
  if (full) {
    return (
      <>
        <CourseActionButton
          accent
          busy={busy || refusal !== null}
          run={run}
          action={(t) => joinWaitingList(slug, t, turma)}
          // A place freed meanwhile is given at once.
          done={(joined) => (joined.state === 'waiting' ? text.joined : text.enrolled)}
          {...(refusal === null ? {} : { describedBy: refusalId })}
        >
          {text.join}
        </CourseActionButton>
        {refusal !== null && (
          <p id={refusalId} className="enrol__refusal" role="alert">
            {refusal}
          </p>
        )}
      </>
    );
  }
  return enrolButton;
}
