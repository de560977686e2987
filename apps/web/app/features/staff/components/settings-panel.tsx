/**
 * A course's settings (Coordenação): places, the WhatsApp invite code, the enrolment window and the
 * meetings. An empty field means the content's default, named under it. Saved settings apply at
 * once (the course page reads them through the availability call).
 */
import type { StaffCourseSettingsResponse } from '@centro/contracts';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatDate, weekdayNames, type Weekday } from '@centro/content/site';
import { notify } from '~/components/toasts/notify';
import { fetchSettings, saveSettings } from '../api/course-settings';
import { staffMessages } from '../copy';
import { settingsFormOf, settingsRequestOf, type SettingsForm } from '../format';
import { failureMessage } from '../messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from './load-failed';

interface SettingsPanelProps {
  slug: string;
  onSaved: () => void;
}

type FieldKind = 'number' | 'text' | 'datetime-local' | 'date' | 'time';

const fields: { name: keyof SettingsForm; label: string; type: FieldKind }[] = [
  { name: 'places', label: 'Vagas', type: 'number' },
  { name: 'inviteCode', label: 'Código de convite do grupo de WhatsApp', type: 'text' },
  { name: 'opensAt', label: 'Abertura das inscrições', type: 'datetime-local' },
  { name: 'closesAt', label: 'Encerramento das inscrições', type: 'datetime-local' },
  { name: 'firstMeeting', label: 'Primeiro encontro', type: 'date' },
  { name: 'time', label: 'Horário dos encontros', type: 'time' },
  { name: 'count', label: 'Número de encontros', type: 'number' },
  { name: 'durationMinutes', label: 'Duração de cada encontro (minutos)', type: 'number' },
  { name: 'room', label: 'Local', type: 'text' },
];

const numberLabels: Record<string, string> = {
  places: 'Vagas',
  count: 'Número de encontros',
  durationMinutes: 'Duração de cada encontro',
};

/** What an empty field stands for. */
function hintOf(name: keyof SettingsForm, answer: StaffCourseSettingsResponse): string {
  const { defaults, taken } = answer;
  switch (name) {
    case 'places':
      return `Padrão: ${defaults.places}. Já ocupadas: ${taken}.`;
    case 'inviteCode':
      return `Padrão: ${defaults.inviteCode}. O código do link chat.whatsapp.com/…`;
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

export function SettingsPanel({ slug, onSaved }: SettingsPanelProps) {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call((token) => fetchSettings(slug, token)), [call, slug]),
    'Staff area: loading',
  );
  if (stored.state === 'loading') return <p role="status">Carregando configurações…</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  return <SettingsFormView slug={slug} initial={stored.data} onSaved={onSaved} />;
}

function SettingsFormView({
  slug,
  initial,
  onSaved,
}: SettingsPanelProps & { initial: StaffCourseSettingsResponse }) {
  const call = useApi();
  const id = useId();
  const [answer, setAnswer] = useState(initial);
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(initial.settings));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = settingsRequestOf(form);
    if (!request.ok) {
      setProblem(`${numberLabels[request.invalid]}: use um número inteiro.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) => saveSettings(slug, request.settings, token));
      setAnswer(saved);
      setForm(settingsFormOf(saved.settings));
      void notify('success', staffMessages.settingsSaved);
      onSaved();
    } catch (error) {
      setProblem(failureMessage('settings', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="staff__settings" onSubmit={(event) => void save(event)} noValidate>
      <p>Deixe um campo vazio para usar o valor padrão do curso.</p>
      {fields.map(({ name, label, type }) => (
        <div className="staff__field" key={name}>
          <label htmlFor={`${id}-${name}`}>{label}</label>
          <input
            id={`${id}-${name}`}
            name={name}
            type={type}
            inputMode={type === 'number' ? 'numeric' : undefined}
            min={type === 'number' ? 1 : undefined}
            value={form[name]}
            aria-describedby={`${id}-${name}-hint`}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setForm((current) => ({ ...current, [name]: value }));
            }}
          />
          <small id={`${id}-${name}-hint`}>{hintOf(name, answer)}</small>
        </div>
      ))}
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Salvar configurações
      </button>
    </form>
  );
}
