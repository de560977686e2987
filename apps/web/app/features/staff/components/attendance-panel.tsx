/**
 * Attendance of one meeting of a class, at the door (read-only once the class is
 * concluded): the menu lists each meeting with
 * its date and opens on today's (else the next, else the last); a meeting that has not happened
 * cannot be marked, and says from when it can; 'Marcar todos' marks every listed person present
 * in one request; then 'Salvar presença' saves the boxes as they are.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  canMark,
  formatDate,
  formatMeetingOption,
  meetingToOpen,
  notMarkableYetMessage,
} from '@centro/content/site';
import { notify } from '~/components/toasts/notify';
import { fetchAttendance, saveAttendance } from '../api/attendance';
import { type ClassPanelProps, isReadOnly } from '../classes';
import { markedAllMessage, staffMessages } from '../copy';
import { failureMessage } from '../messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from './load-failed';

export function AttendancePanel({ slug, staffClass }: ClassPanelProps) {
  const id = useId();
  const { schedule } = staffClass;
  const [meeting, setMeeting] = useState(() =>
    meetingToOpen(
      schedule.map((m) => m.date),
      new Date(),
    ),
  );
  const start = schedule[meeting - 1]?.start;
  return (
    <div className="staff__panel">
      <div className="staff__field">
        <label htmlFor={`${id}-meeting`}>Encontro</label>
        <select
          id={`${id}-meeting`}
          value={meeting}
          onChange={(event) => setMeeting(Number(event.currentTarget.value))}
        >
          {schedule.map((m, i) => (
            <option key={m.date} value={i + 1}>
              {formatMeetingOption(i + 1, m.date)}
            </option>
          ))}
        </select>
      </div>
      <MeetingMarks
        key={meeting}
        slug={slug}
        classId={staffClass.id}
        meeting={meeting}
        start={start}
        readOnly={isReadOnly(staffClass)}
      />
    </div>
  );
}

interface MeetingMarksProps {
  slug: string;
  classId: string;
  meeting: number;
  /** ISO instant the meeting starts. */
  start: string | undefined;
  /** A concluded class: the marks to read, no boxes nor buttons. */
  readOnly: boolean;
}

const markLabel = (present: boolean | null) =>
  present === null ? 'Não marcado' : present ? 'Presente' : 'Falta';

function MeetingMarks({ slug, classId, meeting, start, readOnly }: MeetingMarksProps) {
  const id = useId();
  const call = useApi();
  const sheet = useLoad(
    useCallback(
      () => call((token) => fetchAttendance(slug, classId, meeting, token)),
      [call, slug, classId, meeting],
    ),
    'Staff area: loading',
  );
  const [present, setPresent] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [markedAll, setMarkedAll] = useState<string | null>(null);

  if (sheet.state === 'loading') return <p role="status">Carregando presença…</p>;
  if (sheet.state === 'failed') return <LoadFailed onRetry={sheet.reload} />;
  const { date, marks } = sheet.data;
  const isPresent = (personId: string, stored: boolean | null) =>
    present[personId] ?? stored === true;
  const notYet =
    start !== undefined && !canMark(new Date(start), new Date())
      ? notMarkableYetMessage(new Date(start))
      : null;

  const send = async (all: { personId: string; present: boolean }[]) => {
    setBusy(true);
    try {
      await call((token) => saveAttendance(slug, classId, meeting, all, token));
      return true;
    } catch (error) {
      void notify('error', failureMessage('attendance', error, staffMessages.saveFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMarkedAll(null);
    const all = marks.map((m) => ({
      personId: m.personId,
      present: isPresent(m.personId, m.present),
    }));
    if (await send(all)) void notify('success', staffMessages.attendanceSaved);
  };
  const markAll = async () => {
    setMarkedAll(null);
    if (await send(marks.map((m) => ({ personId: m.personId, present: true })))) {
      setPresent(Object.fromEntries(marks.map((m) => [m.personId, true])));
      setMarkedAll(markedAllMessage(marks.length, meeting));
    }
  };

  if (marks.length === 0) {
    return <p>Nenhum participante inscrito nesta turma.</p>;
  }
  if (readOnly) {
    return (
      <ul
        className="plain-list staff__marks"
        aria-label={`${meeting}º encontro, ${formatDate(date)}`}
      >
        {marks.map((mark) => (
          <li key={mark.personId}>
            {mark.name || 'Participante sem nome'}: {markLabel(mark.present)}
          </li>
        ))}
      </ul>
    );
  }
  const count = marks.filter((m) => isPresent(m.personId, m.present)).length;
  const why = notYet ? `${id}-not-yet` : undefined;
  return (
    <form className="staff__attendance-form" onSubmit={(event) => void save(event)}>
      {notYet && (
        <p id={why} className="staff__notice">
          {notYet}
        </p>
      )}
      <fieldset disabled={notYet !== null} aria-describedby={why}>
        <legend>
          {meeting}º encontro, {formatDate(date)}: {count} de {marks.length} presentes
        </legend>
        <ul className="plain-list staff__marks">
          {marks.map((mark) => (
            <li key={mark.personId}>
              <label>
                <input
                  type="checkbox"
                  checked={isPresent(mark.personId, mark.present)}
                  onChange={(event) => {
                    const { checked } = event.currentTarget;
                    setMarkedAll(null);
                    setPresent((current) => ({ ...current, [mark.personId]: checked }));
                  }}
                />{' '}
                {mark.name || 'Participante sem nome'}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="staff__actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy || notYet !== null}
          aria-describedby={why}
          onClick={() => void markAll()}
        >
          Marcar todos como presentes
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || notYet !== null}
          aria-describedby={why}
        >
          Salvar presença
        </button>
      </div>
      <p role="status">{markedAll}</p>
    </form>
  );
}
