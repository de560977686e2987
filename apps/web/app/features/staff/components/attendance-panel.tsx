/** Attendance of one meeting of a course: present or absent per participant, then 'Salvar presença'. */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatDate } from '@centro/content/site';
import { notify } from '~/components/toasts/notify';
import { fetchAttendance, saveAttendance } from '../api/attendance';
import { staffMessages } from '../copy';
import { failureMessage } from '../messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from './load-failed';

interface AttendancePanelProps {
  slug: string;
  meetings: number;
}

export function AttendancePanel({ slug, meetings }: AttendancePanelProps) {
  const id = useId();
  const [meeting, setMeeting] = useState(1);
  return (
    <div className="staff__panel">
      <div className="staff__field">
        <label htmlFor={`${id}-meeting`}>Encontro</label>
        <select
          id={`${id}-meeting`}
          value={meeting}
          onChange={(event) => setMeeting(Number(event.currentTarget.value))}
        >
          {Array.from({ length: meetings }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}º encontro
            </option>
          ))}
        </select>
      </div>
      <MeetingMarks key={meeting} slug={slug} meeting={meeting} />
    </div>
  );
}

function MeetingMarks({ slug, meeting }: { slug: string; meeting: number }) {
  const call = useApi();
  const sheet = useLoad(
    useCallback(
      () => call((token) => fetchAttendance(slug, meeting, token)),
      [call, slug, meeting],
    ),
    'Staff area: loading',
  );
  const [present, setPresent] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);

  if (sheet.state === 'loading') return <p role="status">Carregando presença…</p>;
  if (sheet.state === 'failed') return <LoadFailed onRetry={sheet.reload} />;
  const { date, marks } = sheet.data;
  const isPresent = (personId: string, stored: boolean | null) =>
    present[personId] ?? stored === true;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const all = marks.map((m) => ({
        personId: m.personId,
        present: isPresent(m.personId, m.present),
      }));
      await call((token) => saveAttendance(slug, meeting, all, token));
      void notify('success', staffMessages.attendanceSaved);
    } catch (error) {
      void notify('error', failureMessage('attendance', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  if (marks.length === 0) {
    return <p>Nenhum participante inscrito neste curso.</p>;
  }
  const count = marks.filter((m) => isPresent(m.personId, m.present)).length;
  return (
    <form className="staff__attendance-form" onSubmit={(event) => void save(event)}>
      <fieldset>
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
                    setPresent((current) => ({ ...current, [mark.personId]: checked }));
                  }}
                />{' '}
                {mark.name || 'Participante sem nome'}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Salvar presença
      </button>
    </form>
  );
}
