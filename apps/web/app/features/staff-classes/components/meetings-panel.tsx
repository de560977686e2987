/**
 * 'Encontros' of a class (decision 091): every date the class has, its meetings numbered as
 * attendance numbers them, with the dates skipped, cancelled, moved and added. Coordenação changes
 * a meeting still ahead ('Mudar este encontro': skip the date, cancel it with a message to the
 * class, or move it), takes a change back ('Desfazer') and adds a meeting; the class's people are
 * told by e-mail, and the form says how many.
 */
import type { StaffClassMeeting, StaffMeetingChangeRequest } from '@centro/contracts';
import { MEETING_TEXT_LIMITS } from '@centro/contracts/field-labels';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { failureMessage } from '~/lib/staff/messages';
import { changeMeeting } from '../api/meetings';
import { meetingAhead, meetingLine, meetingsChangedText, meetingStateText } from '../meeting-texts';
import '../meetings.css';
import { ThenChoice, WhenFields } from './when-fields';

const CHANGE_FAILED = 'Não foi possível mudar o encontro. Tente novamente.';

export function MeetingsPanel({ slug, staffClass, coordination, onChanged }: ClassPanelProps) {
  const call = useApi();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Said beside the date changed (a phone's list is long), or under the list for an added one.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; at: string } | null>(null);
  const editable = coordination && !isReadOnly(staffClass);
  const now = new Date();
  const rule = staffClass.dates.find((m) => m.slot !== null);

  const send = async (request: StaffMeetingChangeRequest, at: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await call((token) => changeMeeting(slug, staffClass.id, request, token));
      setEditing(null);
      setOutcome({ ok: true, text: meetingsChangedText(answer.notified), at });
      onChanged();
    } catch (error) {
      const text = failureMessage('meeting change', error, CHANGE_FAILED);
      setOutcome({ ok: false, text, at });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff__panel staff__meetings">
      <h3>Encontros da {staffClass.name}</h3>
      <ol className="staff__meeting-list">
        {staffClass.dates.map((m) => {
          const state = meetingStateText(m);
          const key = m.slot ?? `extra-${m.date}`;
          const ahead = editable && meetingAhead(m, now);
          return (
            <li key={key} className={`staff__meeting staff__meeting--${m.status}`}>
              <div>
                <span className="staff__meeting-when">{meetingLine(m)}</span>
                {state && <span className="staff__meeting-state">{state}</span>}
              </div>
              {ahead && m.changed && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy}
                  onClick={() => void send({ kind: 'undo', date: m.slot ?? m.date }, key)}
                >
                  Desfazer
                </button>
              )}
              {ahead && !m.changed && m.slot !== null && editing !== m.slot && (
                <button
                  type="button"
                  className="btn btn-outline"
                  // Short on a phone's row; the name says which meeting (it starts with the text).
                  aria-label={`Mudar este encontro (${meetingLine(m)})`}
                  onClick={() => {
                    setOutcome(null);
                    setEditing(m.slot);
                  }}
                >
                  Mudar
                </button>
              )}
              {outcome?.at === key && <Outcome {...outcome} />}
              {editing !== null && editing === m.slot && (
                <ChangeForm
                  meeting={m}
                  busy={busy}
                  onSend={(request) => void send(request, key)}
                  onBack={() => setEditing(null)}
                />
              )}
            </li>
          );
        })}
      </ol>
      {outcome?.at === 'add' && <Outcome {...outcome} />}
      {editable && (
        <AddForm time={rule?.time ?? '19:00'} busy={busy} onSend={(r) => void send(r, 'add')} />
      )}
    </div>
  );
}

function Outcome({ ok, text }: { ok: boolean; text: string }) {
  return (
    <p
      className={`staff__meeting-outcome ${ok ? 'staff__saved' : 'staff__problem'}`}
      role={ok ? 'status' : 'alert'}
    >
      {text}
    </p>
  );
}

interface ChangeFormProps {
  meeting: StaffClassMeeting;
  busy: boolean;
  onSend: (request: StaffMeetingChangeRequest) => void;
  onBack: () => void;
}

/** 'Mudar este encontro': skip the date, cancel with a message, or move it. */
function ChangeForm({ meeting, busy, onSend, onBack }: ChangeFormProps) {
  const id = useId();
  const [kind, setKind] = useState<'skip' | 'cancel' | 'move'>('skip');
  const [then, setThen] = useState<'later' | 'fewer'>('later');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [to, setTo] = useState(meeting.date);
  const [time, setTime] = useState(meeting.time);
  const date = meeting.slot ?? meeting.date;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (kind === 'skip') onSend({ kind, date, then, ...(reason.trim() ? { reason } : {}) });
    else if (kind === 'cancel') onSend({ kind, date, message });
    else onSend({ kind, date, to, time });
  };
  const choice = (value: typeof kind, label: string) => (
    <label className="staff__check">
      <input
        type="radio"
        name={`${id}-kind`}
        checked={kind === value}
        onChange={() => setKind(value)}
      />
      {label}
    </label>
  );
  return (
    <form className="staff__meeting-form" onSubmit={submit} aria-label="Mudar este encontro">
      <fieldset>
        <legend>O que fazer com este encontro?</legend>
        {choice('skip', 'Pular esta data (feriado, recesso)')}
        {choice('cancel', 'Cancelar, com uma mensagem à turma')}
        {choice('move', 'Mudar a data ou o horário')}
      </fieldset>
      {kind === 'skip' && (
        <>
          <ThenChoice legend="E a turma?" name={`${id}-then`} value={then} onChange={setThen} />
          <div className="staff__field">
            <label htmlFor={`${id}-reason`}>Motivo (opcional)</label>
            <input
              id={`${id}-reason`}
              type="text"
              maxLength={MEETING_TEXT_LIMITS.recessName}
              placeholder="Feriado"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          </div>
        </>
      )}
      {kind === 'cancel' && (
        <div className="staff__field">
          <label htmlFor={`${id}-message`}>Mensagem para a turma</label>
          <textarea
            id={`${id}-message`}
            rows={4}
            required
            maxLength={MEETING_TEXT_LIMITS.message}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        </div>
      )}
      {kind === 'move' && (
        <WhenFields
          fields={[
            { id: `${id}-to`, label: 'Nova data', type: 'date', value: to, onChange: setTo },
            { id: `${id}-time`, label: 'Horário', type: 'time', value: time, onChange: setTime },
          ]}
        />
      )}
      <p className="staff__meeting-hint">
        As pessoas inscritas recebem um e-mail com os encontros atualizados.
      </p>
      <div className="staff__meeting-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Salvando…' : 'Confirmar mudança'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Voltar
        </button>
      </div>
    </form>
  );
}

/** 'Adicionar encontro': one more meeting, outside the weekly rule. */
function AddForm(props: {
  time: string;
  busy: boolean;
  onSend: (r: StaffMeetingChangeRequest) => void;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState(props.time);
  return (
    <form
      className="staff__meeting-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend({ kind: 'add', date, time });
      }}
    >
      <h4 id={`${id}-title`}>Adicionar encontro</h4>
      <WhenFields
        fields={[
          { id: `${id}-date`, label: 'Data', type: 'date', value: date, onChange: setDate },
          { id: `${id}-time`, label: 'Horário', type: 'time', value: time, onChange: setTime },
        ]}
      />
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        Adicionar encontro
      </button>
    </form>
  );
}
