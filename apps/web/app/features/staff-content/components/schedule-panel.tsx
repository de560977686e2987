/**
 * The weekly schedule of /horarios (decision 054), in the 'Conteúdo' section: each day's
 * activities, the topic and link of its 'Tirar Dúvidas' button. Saving publishes at once
 * (/horarios and /agenda.ics); the save names the version it started from (someone else's save
 * meanwhile is refused and the text stays on screen). 'Pré-visualizar' opens /horarios with the
 * schedule on screen; below, the versions (texts-history.tsx).
 */
import type { StaffScheduleResponse } from '@centro/contracts';
import { CONTENT_LIMITS, isAllowedLink, scheduleDayNames } from '@centro/contracts/content-rules';
import { useMemo } from 'react';
import { schedule as scheduleApi } from '../api/content';
import { staffMessages } from '~/lib/staff/copy';
import { DocumentPanel, type DocumentFormProps } from './document-panel';
import { PublishForm } from './publish-form';
import type { ListedRevision, RevisionPreview } from './texts-history';
import { type ContentDocumentForm, useContentForm } from './use-content-form';

type Schedule = StaffScheduleResponse['schedule'];
interface ActivityForm {
  time: string;
  title: string;
  note: string;
}
interface DayForm {
  day: Schedule[number]['day'];
  whatsappTopic: string;
  questionLink: string;
  activities: ActivityForm[];
}

const TIME = /^([01]\d|2[0-3])h([0-5]\d)?$/;

const formOf = (schedule: Schedule): DayForm[] =>
  schedule.map((day) => ({
    day: day.day,
    whatsappTopic: day.whatsappTopic,
    questionLink: day.questionLink ?? '',
    activities: day.activities.map((a) => ({ time: a.time, title: a.title, note: a.note ?? '' })),
  }));

const scheduleOf = (days: DayForm[]): Schedule =>
  days.map((day) => ({
    day: day.day,
    whatsappTopic: day.whatsappTopic.trim(),
    ...(day.questionLink.trim() ? { questionLink: day.questionLink.trim() } : {}),
    activities: day.activities.map((a) => ({
      time: a.time.trim(),
      title: a.title.trim(),
      ...(a.note.trim() ? { note: a.note.trim() } : {}),
    })),
  }));

/** Problems beside their fields, by field key (`0.activities.1.time`, `2.questionLink`). */
function problemsOf(days: DayForm[]): Map<string, string> {
  const problems = new Map<string, string>();
  days.forEach((day, d) => {
    if (!day.whatsappTopic.trim()) problems.set(`${d}.whatsappTopic`, 'Informe o assunto.');
    const link = day.questionLink.trim();
    if (link && !isAllowedLink(link)) {
      problems.set(
        `${d}.questionLink`,
        'Use um endereço https:, mailto:, tel: ou uma página do site (/...).',
      );
    }
    day.activities.forEach((a, i) => {
      if (!TIME.test(a.time.trim())) {
        problems.set(`${d}.activities.${i}.time`, 'Horário no formato 19h30 ou 09h.');
      }
      if (!a.title.trim()) problems.set(`${d}.activities.${i}.title`, 'Informe o título.');
    });
  });
  return problems;
}

/** A day's activities as one line each ('19h30 Reunião pública: nota'), for 'Antes e depois'. */
const dayText = (day: Schedule[number]) =>
  [
    ...day.activities.map((a) => `${a.time} ${a.title}${a.note ? `: ${a.note}` : ''}`),
    `Tirar Dúvidas: ${day.whatsappTopic}${day.questionLink ? ` (${day.questionLink})` : ''}`,
  ].join('\n');

const HISTORY_FIELDS = scheduleDayNames.map((day) => ({ key: day, label: day }));

const loadHistory = async (token: string): Promise<ListedRevision[]> =>
  (await scheduleApi.history(token)).revisions.map(({ schedule, ...info }) => ({
    ...info,
    values: Object.fromEntries(schedule.map((d) => [d.day, dayText(d)])),
    body: schedule,
  }));

const previewRevision: RevisionPreview = (revision, token) =>
  scheduleApi.preview({ schedule: revision.body as Schedule }, token);

export function SchedulePanel() {
  return (
    <DocumentPanel
      api={scheduleApi}
      loading="Carregando horários…"
      what="schedule"
      Form={ScheduleForm}
      history={{
        title: 'Versões anteriores dos horários',
        fields: HISTORY_FIELDS,
        original: 'Horários originais do site',
        load: loadHistory,
        preview: previewRevision,
      }}
    />
  );
}

const SCHEDULE_FORM: ContentDocumentForm<StaffScheduleResponse, DayForm[]> = {
  formOf: (saved) => formOf(saved.schedule),
  problemsOf,
  send: (revision, form, token) =>
    scheduleApi.save({ revision, schedule: scheduleOf(form) }, token),
  published: staffMessages.contentPublished,
  what: 'content',
};

function ScheduleForm({ initial, onSaved }: DocumentFormProps<StaffScheduleResponse>) {
  const settings = useMemo(() => ({ ...SCHEDULE_FORM, onSaved }), [onSaved]);
  const doc = useContentForm(initial, settings);
  const { form: days, setForm: setDays, field } = doc;
  const missing = scheduleDayNames.filter((name) => !days.some((d) => d.day === name));

  const change = (d: number, update: (day: DayForm) => DayForm) =>
    setDays((current) => current.map((day, i) => (i === d ? update(day) : day)));
  const changeActivity = (d: number, i: number, field: keyof ActivityForm, value: string) =>
    change(d, (day) => ({
      ...day,
      activities: day.activities.map((a, j) => (j === i ? { ...a, [field]: value } : a)),
    }));
  const addDay = (name: DayForm['day']) =>
    setDays((current) =>
      [
        ...current,
        { day: name, whatsappTopic: '', questionLink: '', activities: [blankActivity()] },
      ].sort((a, b) => scheduleDayNames.indexOf(a.day) - scheduleDayNames.indexOf(b.day)),
    );

  return (
    <PublishForm
      doc={doc}
      heading={<h2>Horários</h2>}
      original="Conteúdo original do site, ainda não alterado."
      about="Ao salvar, a página Horários e a agenda (.ics) mudam na hora."
      submit="Salvar e publicar"
      preview={{
        render: (token) => scheduleApi.preview({ schedule: scheduleOf(days) }, token),
        what: 'schedule preview',
      }}
    >
      {days.map((day, d) => (
        <fieldset key={day.day} className="staff__panel">
          <legend>{day.day}</legend>
          {day.activities.map((activity, i) => (
            <div key={i} className="staff__panel">
              {field(`${d}.activities.${i}.time`, 'Horário', (props) => (
                <input
                  {...props}
                  value={activity.time}
                  placeholder="19h30"
                  maxLength={5}
                  onChange={(e) => changeActivity(d, i, 'time', e.currentTarget.value)}
                />
              ))}
              {field(`${d}.activities.${i}.title`, 'Título', (props) => (
                <input
                  {...props}
                  value={activity.title}
                  maxLength={CONTENT_LIMITS.title}
                  onChange={(e) => changeActivity(d, i, 'title', e.currentTarget.value)}
                />
              ))}
              {field(`${d}.activities.${i}.note`, 'Descrição (opcional)', (props) => (
                <input
                  {...props}
                  value={activity.note}
                  maxLength={CONTENT_LIMITS.note}
                  onChange={(e) => changeActivity(d, i, 'note', e.currentTarget.value)}
                />
              ))}
              {day.activities.length > 1 && (
                <button
                  type="button"
                  className="staff__link-button"
                  onClick={() =>
                    change(d, (x) => ({
                      ...x,
                      activities: x.activities.filter((_, j) => j !== i),
                    }))
                  }
                >
                  Remover esta atividade
                </button>
              )}
            </div>
          ))}
          {day.activities.length < CONTENT_LIMITS.activitiesPerDay && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                change(d, (x) => ({ ...x, activities: [...x.activities, blankActivity()] }))
              }
            >
              Adicionar atividade
            </button>
          )}
          {field(`${d}.whatsappTopic`, 'Assunto do Tirar Dúvidas', (props) => (
            <input
              {...props}
              value={day.whatsappTopic}
              maxLength={CONTENT_LIMITS.topic}
              onChange={(e) => {
                const { value } = e.currentTarget;
                change(d, (x) => ({ ...x, whatsappTopic: value }));
              }}
            />
          ))}
          {field(`${d}.questionLink`, 'Link do Tirar Dúvidas (opcional)', (props) => (
            <input
              {...props}
              value={day.questionLink}
              inputMode="url"
              maxLength={CONTENT_LIMITS.link}
              placeholder="Vazio: o WhatsApp do centro"
              onChange={(e) => {
                const { value } = e.currentTarget;
                change(d, (x) => ({ ...x, questionLink: value }));
              }}
            />
          ))}
          {days.length > 1 && (
            <button
              type="button"
              className="staff__link-button"
              onClick={() => setDays((current) => current.filter((_, j) => j !== d))}
            >
              Remover {day.day.toLowerCase()} da agenda
            </button>
          )}
        </fieldset>
      ))}
      {missing.length > 0 && (
        <div className="staff__exports">
          {missing.map((name) => (
            <button
              key={name}
              type="button"
              className="btn btn-outline"
              onClick={() => addDay(name)}
            >
              Adicionar {name.toLowerCase()}
            </button>
          ))}
        </div>
      )}
    </PublishForm>
  );
}

const blankActivity = (): ActivityForm => ({ time: '', title: '', note: '' });
