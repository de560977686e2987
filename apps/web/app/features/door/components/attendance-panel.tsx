/**
 * Attendance of one meeting of a class, at the door (read-only once the class is
 * concluded): the menu lists each meeting with
 * its date and opens on today's (else the next, else the last); a meeting that has not happened
 * cannot be marked, and says from when it can; 'Marcar todos' marks every listed person present
 * in one request; then 'Salvar presença' saves the boxes as they are. Each tick, and each person
 * found at the door (DoorPanel: 'Ler QR code', 'Buscar pelo nome'), is queued on the device and
 * sent at once; without a connection the marks wait there, shown 'a enviar', until it returns
 * (decision 089). A mark the server refuses for good is shown as the server has it, not as made.
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
import { fetchAttendance } from '../api/attendance';
import { pendingFor, shownFor } from '../attendance-queue';
import { doorTexts } from '../door-search';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { markedAllMessage, pendingMessage, staffMessages } from '~/lib/staff/copy';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';
import { DoorHelp } from './door-help';
import { DoorPanel } from './door-panel';
import { useAttendanceQueue } from './use-attendance-queue';
import { WalkIn } from './walk-in';

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
      {!isReadOnly(staffClass) && <DoorHelp />}
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
  const { queue, made, sent, refused, mark } = useAttendanceQueue();
  const [markedAll, setMarkedAll] = useState<string | null>(null);

  if (sheet.state === 'loading') return <p role="status">Carregando presença…</p>;
  if (sheet.state === 'failed') return <LoadFailed onRetry={sheet.reload} />;
  const { date, marks, guests } = sheet.data;
  // What this device marked overrides the sheet as loaded (decision 089), unless it was refused.
  const pending = pendingFor(queue ?? [], classId, meeting);
  const shown = shownFor([made, queue ?? [], sent], refused, classId, meeting);
  const isPresent = (personId: string, stored: boolean | null) =>
    shown.get(personId) ?? stored === true;
  const notYet =
    start !== undefined && !canMark(new Date(start), new Date())
      ? notMarkableYetMessage(new Date(start))
      : null;

  /** Each tick is queued on the device and sent at once: nothing is left unsaved on the screen. */
  const set = (all: { personId: string; present: boolean }[]) =>
    mark(all.map((m) => ({ slug, classId, meeting, ...m })));
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMarkedAll(null);
    const all = marks.map((m) => ({
      personId: m.personId,
      present: isPresent(m.personId, m.present),
    }));
    const result = await set(all);
    if (result === 'sent') void notify('success', staffMessages.attendanceSaved);
    if (result === 'queued') void notify('info', staffMessages.attendanceQueued);
  };
  const markAll = async () => {
    setMarkedAll(null);
    const result = await set(marks.map((m) => ({ personId: m.personId, present: true })));
    if (result !== 'refused') setMarkedAll(markedAllMessage(marks.length, meeting));
  };
  // Who came without a place (decision 096): added here, listed apart from the marks.
  const walkIn = (
    <WalkIn
      slug={slug}
      classId={classId}
      meeting={meeting}
      guests={guests}
      open={!readOnly && notYet === null}
      onAdded={() => void sheet.reload()}
    />
  );
  if (marks.length === 0) {
    return (
      <>
        <p>Nenhum participante inscrito nesta turma.</p>
        {walkIn}
      </>
    );
  }
  if (readOnly) {
    return (
      <>
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
        {walkIn}
      </>
    );
  }
  const count = marks.filter((m) => isPresent(m.personId, m.present)).length;
  const why = notYet ? `${id}-not-yet` : undefined;
  return (
    <>
      {walkIn}
      <form className="staff__attendance-form" onSubmit={(event) => void save(event)}>
        {notYet && (
          <p id={why} className="staff__notice">
            {notYet}
          </p>
        )}
        {pending.size > 0 && (
          <p className="staff__notice" role="status">
            {pendingMessage(pending.size)}
          </p>
        )}
        <DoorPanel
          slug={slug}
          classId={classId}
          meeting={meeting}
          people={marks}
          isPresent={isPresent}
          markPresent={(personId) => void set([{ personId, present: true }])}
          disabled={notYet !== null}
          describedBy={why}
        />
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
                      void set([{ personId: mark.personId, present: checked }]);
                    }}
                  />{' '}
                  {mark.name || 'Participante sem nome'}
                  {pending.has(mark.personId) && (
                    <span className="staff__pending">{doorTexts.pending}</span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="staff__actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={notYet !== null}
            aria-describedby={why}
            onClick={() => void markAll()}
          >
            Marcar todos como presentes
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={notYet !== null}
            aria-describedby={why}
          >
            Salvar presença
          </button>
        </div>
        <p role="status">{markedAll}</p>
      </form>
    </>
  );
}
