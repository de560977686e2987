/**
 * A class's settings (Coordenação; read-only once the class is concluded): places, the WhatsApp invite code, the enrolment window and the
 * meetings. An empty field means the content's default, named under it. Saved settings apply at
 * once (the course page reads them through the availability call). One message at a time (issue
 * 30): a refusal sits beside its field (the API names it), anything else above the button, and a
 * new submit clears the last one, 'Configurações salvas.' included. A change that puts a meeting
 * at a time already past asks first; a save says how many people were told by e-mail.
 */
import type { StaffCourseSettingsResponse } from '@centro/contracts';
import { FIELD_LABELS } from '@centro/contracts/field-labels';
import { useCallback, useState, type FormEvent } from 'react';
import { formatDate, weekdayNames, type Weekday } from '@centro/content/site';
import { fetchSettings, saveSettings } from '../api/course-settings';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { staffMessages } from '~/lib/staff/copy';
import {
  pastMeetingWarning,
  settingsFormOf,
  settingsRequestOf,
  settingsSavedText,
  type SettingsForm,
} from '~/lib/staff/format';
import { failureMessage } from '~/lib/staff/messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';
import { FormFields } from '~/components/staff/staff-field';
import { useFieldForm } from '~/components/staff/use-field-form';

interface SettingsFormProps {
  slug: string;
  classId: string;
  onSaved: () => void;
}

type FieldKind = 'number' | 'text' | 'datetime-local' | 'date' | 'time';

const fields: { name: keyof SettingsForm; type: FieldKind }[] = [
  { name: 'places', type: 'number' },
  { name: 'inviteCode', type: 'text' },
  { name: 'opensAt', type: 'datetime-local' },
  { name: 'closesAt', type: 'datetime-local' },
  { name: 'firstMeeting', type: 'date' },
  { name: 'time', type: 'time' },
  { name: 'count', type: 'number' },
  { name: 'durationMinutes', type: 'number' },
  { name: 'room', type: 'text' },
];

const isField = (name: string | undefined): name is keyof SettingsForm =>
  fields.some((f) => f.name === name);

/** What an empty field stands for. */
function hintOf(name: keyof SettingsForm, answer: StaffCourseSettingsResponse): string {
  const { defaults, taken } = answer;
  switch (name) {
    case 'places':
      return `Padrão: ${defaults.places}. Já ocupadas: ${taken}.`;
    case 'inviteCode':
      // Once an invite is saved (the class's, or the content's), nobody is told 'later' any more.
      return defaults.inviteCode === null && answer.settings.inviteCode === null
        ? 'Ainda sem convite: os inscritos recebem o aviso de que o link virá mais tarde. Cole aqui o link do convite (https://chat.whatsapp.com/…) ou só o código.'
        : defaults.inviteCode === null
          ? 'Cole o link do convite (https://chat.whatsapp.com/…) ou só o código.'
          : `Padrão: ${defaults.inviteCode}. Cole o link do convite (https://chat.whatsapp.com/…) ou só o código.`;
    case 'opensAt':
      return 'Horário de Brasília. Vazio: as inscrições já estão abertas.';
    case 'closesAt':
      return 'Horário de Brasília. Vazio: sem data de encerramento.';
    case 'firstMeeting':
      return `Padrão: ${formatDate(defaults.firstMeeting)} (${weekdayNames[defaults.weekday as Weekday] ?? defaults.weekday}). Os encontros seguem no mesmo dia da semana.`;
    case 'time':
      return `Padrão: ${defaults.time}.`;
    case 'count':
      return `Padrão: ${defaults.count}.`;
    case 'durationMinutes':
      return `Padrão: ${defaults.durationMinutes}.`;
    case 'room':
      return `Padrão: ${defaults.room ?? 'a sede do centro'}.`;
  }
}

export function SettingsPanel({ slug, staffClass, onChanged }: ClassPanelProps) {
  const call = useApi();
  const classId = staffClass.id;
  const stored = useLoad(
    useCallback(() => call((token) => fetchSettings(slug, classId, token)), [call, slug, classId]),
    'Staff area: loading',
  );
  if (stored.state === 'loading') return <p role="status">Carregando configurações…</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  if (isReadOnly(staffClass)) return <SettingsList answer={stored.data} />;
  return (
    <SettingsFormView slug={slug} classId={classId} initial={stored.data} onSaved={onChanged} />
  );
}

/** A concluded class's settings, to read: each value, or the default it kept. */
function SettingsList({ answer }: { answer: StaffCourseSettingsResponse }) {
  const form = settingsFormOf(answer.settings);
  return (
    <dl className="staff__settings-list">
      {fields.map(({ name }) => (
        <div key={name}>
          <dt>{FIELD_LABELS[name]}</dt>
          <dd>{form[name] || hintOf(name, answer)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SettingsFormView({
  slug,
  classId,
  initial,
  onSaved,
}: SettingsFormProps & { initial: StaffCourseSettingsResponse }) {
  const call = useApi();
  const [answer, setAnswer] = useState(initial);
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(initial.settings));
  // The one message the form shows: saved, or a problem (beside its field when it has one).
  const { inputId, busy, show, run, done, problemOf, formProblem } = useFieldForm<
    keyof SettingsForm,
    { notified: number | undefined }
  >(isField);
  // A meeting already past: asked about before anything is sent.
  const [warning, setWarning] = useState<string | null>(null);

  const send = async () => {
    setWarning(null);
    const request = settingsRequestOf(form);
    if (!request.ok) return show(request);
    await run(
      async () => {
        const saved = await call((token) => saveSettings(slug, classId, request.settings, token));
        setAnswer(saved);
        setForm(settingsFormOf(saved.settings));
        onSaved();
        return { notified: saved.notified };
      },
      (error) => failureMessage('settings', error, staffMessages.saveFailed),
    );
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = settingsRequestOf(form);
    if (!request.ok) return show(request);
    const past = pastMeetingWarning(
      form,
      settingsFormOf(answer.settings),
      answer.defaults,
      new Date(),
    );
    if (past) return setWarning(past);
    await send();
  };

  return (
    <form className="staff__settings" onSubmit={(event) => void save(event)} noValidate>
      <p>Deixe um campo vazio para usar o valor padrão do curso.</p>
      <FormFields
        fields={fields}
        values={form}
        onChange={(name, value) => setForm((current) => ({ ...current, [name]: value }))}
        inputId={inputId}
        problemOf={problemOf}
        hintOf={(name) => hintOf(name, answer)}
      />
      {formProblem && (
        <p className="staff__problem" role="alert">
          {formProblem}
        </p>
      )}
      {warning && (
        <ConfirmBox
          refocusOn={warning}
          question={
            <>{warning} Quem está inscrito receberá este horário por e-mail. Salvar mesmo assim?</>
          }
          confirm={{ label: 'Salvar mesmo assim', onClick: () => void send(), disabled: busy }}
          onCancel={() => setWarning(null)}
          cancelLabel="Voltar e corrigir"
        />
      )}
      {done && (
        <p className="staff__saved" role="status">
          {settingsSavedText(done.notified)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Salvar configurações
      </button>
    </form>
  );
}
