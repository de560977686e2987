/**
 * 'Minhas inscrições' on the profile: each class the person holds a place in or
 * waits for, with its state, position, next meeting, WhatsApp group, the QR code for the door
 * (decision 097), and cancelling or leaving; then their past classes ('Concluído', with its
 * certificate to download, 'Não concluído', 'Cancelada'); and the code the desk gave a person
 * enrolled there (decision 095).
 */
import { coursePath, formatClassMeetings, type ProgrammeSlug } from '@centro/content/site';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { prepareToasts } from '~/components/toasts/notify';
import { cancelEnrolment, leaveWaitingList } from '../api/my-enrolments';
import { participantMessages as text } from '../copy';
import { enrolmentStateText, formatNextMeeting } from '../format';
import { useCourseActions } from '../use-course-actions';
import { useMyEnrolments } from '../use-my-enrolments';
import { CancelEnrolment } from './cancel-enrolment';
import { CheckInCode } from './check-in-code';
import { ClaimCode } from './claim-code';
import { CertificateDownload } from './certificate-download';
import '../participant.css';

export function MyEnrolments() {
  const mine = useMyEnrolments();
  const { busy, run } = useCourseActions(mine.reload);
  useEffect(prepareToasts, []);

  return (
    <section className="participant" aria-labelledby="my-enrolments-title">
      <h2 id="my-enrolments-title">Minhas inscrições</h2>
      {mine.state === 'loading' && <p role="status">Carregando…</p>}
      {mine.state === 'failed' && <p role="alert">{text.failed}</p>}
      {mine.state === 'ready' && mine.data.length === 0 && (
        <p>Você ainda não está inscrito(a) em nenhum curso nem em listas de espera.</p>
      )}
      {mine.state === 'ready' && mine.data.length > 0 && (
        <ul className="plain-list participant__list">
          {mine.data.map((e) => (
            <li key={`${e.course}|${e.turma?.id ?? ''}|${e.state}`} className="participant__item">
              <h3>
                <Link to={coursePath({ programme: e.programme as ProgrammeSlug, slug: e.course })}>
                  {e.title}
                </Link>
              </h3>
              <p>
                {e.turma && `${e.turma.name}: `}
                {enrolmentStateText(e)}
              </p>
              {e.state !== 'waiting' && e.nextMeeting && (
                <p>Próximo encontro: {formatNextMeeting(e.nextMeeting)}</p>
              )}
              {e.meetings && <p>{formatClassMeetings(e.meetings)}</p>}
              {e.checkIn && <CheckInCode code={e.checkIn} title={e.title} turma={e.turma?.name} />}
              <div className="actions">
                {e.whatsappUrl && (
                  <a className="btn btn-whatsapp" href={e.whatsappUrl} rel="noopener">
                    {text.whatsapp}
                  </a>
                )}
                {e.state === 'enrolled' && (
                  <CancelEnrolment
                    title={e.title}
                    busy={busy}
                    onConfirm={() =>
                      run(
                        (t) => cancelEnrolment(e.course, t),
                        () => text.cancelled,
                      )
                    }
                  />
                )}
                {e.state === 'concluded' && e.turma && (
                  <CertificateDownload classId={e.turma.id} title={e.title} />
                )}
                {e.state === 'waiting' && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={busy}
                    aria-label={`${text.leave}: ${e.title}`}
                    onClick={() =>
                      void run(
                        (t) => leaveWaitingList(e.course, t),
                        () => text.left,
                      )
                    }
                  >
                    {text.leave}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {mine.state === 'ready' && <ClaimCode busy={busy} run={run} />}
    </section>
  );
}
