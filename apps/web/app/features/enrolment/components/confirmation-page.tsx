import { formatFirstMeeting } from '@centro/content/site';
import { Link, useLocation } from 'react-router';
import { messages } from '@centro/contracts/messages';
import { getProgrammeName } from '../programmes';
import type { ConfirmationState } from '../types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The navigation state left by the enrol action, if that is what the page was opened with. */
export function confirmationStateOf(value: unknown): ConfirmationState | null {
  if (!isRecord(value) || !isRecord(value.user) || !isRecord(value.course)) return null;
  const { course, groupLink } = value;
  if (typeof course.title !== 'string' || !isRecord(course.programme)) return null;
  if (
    groupLink !== null &&
    (typeof groupLink !== 'string' || !groupLink.startsWith('https://chat.whatsapp.com/'))
  ) {
    return null;
  }
  const state = value as unknown as ConfirmationState;
  // A calendar of this site only, and meetings described well, or none at all.
  const { meetings } = state;
  if (
    meetings !== undefined &&
    !(
      isRecord(meetings) &&
      typeof meetings.firstMeeting === 'string' &&
      typeof meetings.time === 'string' &&
      typeof meetings.place === 'string' &&
      typeof meetings.calendarPath === 'string' &&
      /^\/[\w/-]+\.ics(\?turma=[\w-]+)?$/.test(meetings.calendarPath)
    )
  ) {
    return { ...state, meetings: undefined };
  }
  return state;
}

/**
 * The enrolment confirmation page (signed in only, spec section 2). It reads the user, the course
 * and the group link from the navigation state; opened without it (a reload, a typed address) it
 * points back to the programme's courses.
 */
export function ConfirmationPage() {
  const location = useLocation();
  const state = confirmationStateOf(location.state);
  if (!state) {
    const programmeSlug = location.pathname.split('/').filter(Boolean)[0] ?? '';
    const programme = getProgrammeName(programmeSlug);
    return (
      <div className="page confirmation">
        <h1>Inscrição</h1>
        <p className="lead">
          Não encontramos os dados de uma inscrição recente nesta página. Se você acabou de se
          inscrever, a confirmação também chegará por e-mail.
        </p>
        <div className="actions">
          {programme ? (
            <Link className="btn btn-primary" to={`/${programmeSlug}`}>
              Voltar para {programme}
            </Link>
          ) : (
            <Link className="btn btn-primary" to="/">
              Voltar para o início
            </Link>
          )}
        </div>
      </div>
    );
  }
  const { user, course, groupLink, profileNotice, meetings } = state;
  return (
    <div className="page confirmation">
      <h1>Inscrição Confirmada!</h1>
      <p className="lead">{user.displayName ? `Olá, ${user.displayName}!` : 'Olá!'}</p>
      <p>
        Você está oficialmente inscrito(a) no curso <strong>{course.title}</strong> (
        {course.programme.name}). Em breve você receberá mais informações por e-mail.
      </p>
      {groupLink === null && <p>{messages.groupLinkLater}</p>}
      {meetings ? (
        <ul className="confirmation__meetings plain-list">
          <li>
            <strong>Primeiro encontro:</strong> {formatFirstMeeting(meetings)}
          </li>
          <li>
            <strong>Local:</strong> {meetings.place}
          </li>
        </ul>
      ) : null}
      {typeof profileNotice === 'string' ? (
        <p className="confirmation__notice" role="status">
          Não foi possível atualizar o seu cadastro (celular e data de nascimento). {profileNotice}
        </p>
      ) : null}
      <div className="actions">
        {groupLink !== null && (
          <a
            className="btn btn-whatsapp"
            href={groupLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            Entre em nosso grupo de WhatsApp
          </a>
        )}
        {meetings ? (
          // The class's calendar file, served by the server (a page of its own, not a route).
          <a className="btn btn-outline" href={meetings.calendarPath}>
            Adicionar à minha agenda
          </a>
        ) : null}
        <Link className="btn btn-outline" to={course.programme.path}>
          Ver outros cursos
        </Link>
      </div>
    </div>
  );
}
