/**
 * The site's content (decision 054), for Comunicação and Coordenação: the weekly schedule
 * of /horarios (each day's activities, the topic and link of its 'Tirar Dúvidas' button), then the
 * notices (notices-panel.tsx, decision 056), then the pages' texts (texts-panel.tsx, decision 064). Saving
 * publishes at once (/horarios and /agenda.ics). The save names the version it started from: when
 * someone else saved meanwhile the server refuses it and the text stays on screen.
 */
import type { StaffScheduleResponse } from '@centro/contracts';
import { CONTENT_LIMITS, isAllowedLink, scheduleDayNames } from '@centro/contracts/content-rules';
import { lazy, Suspense, useCallback } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchSchedule, saveSchedule } from '../api/content';
import { staffMessages } from '../copy';
import { LoadFailed } from './load-failed';
import { PublishForm } from './publish-form';
import { type ContentDocumentForm, useContentForm } from './use-content-form';

// Loaded apart: the staff area's first load is at its budget, and the notices bring the course list.
// The pages' texts (decision 064) and the photos (decision 065) come in the same chunk
// (content-panels.ts).
const NoticesPanel = lazy(() =>
  import('./content-panels').then((module) => ({ default: module.NoticesPanel })),
);
const TextsPanel = lazy(() =>
  import('./content-panels').then((module) => ({ default: module.TextsPanel })),
);
const PhotosPanel = lazy(() =>
  import('./content-panels').then((module) => ({ default: module.PhotosPanel })),
);
const ContactPanel = lazy(() =>
  import('./content-panels').then((module) => ({ default: module.ContactPanel })),
);

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

export function ContentPanel() {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call(fetchSchedule), [call]),
    'Staff area: loading',
  );
  return (
    <>
      {stored.state === 'loading' && <p role="status">Carregando horários…</p>}
      {stored.state === 'failed' && <LoadFailed onRetry={stored.reload} />}
      {stored.state === 'ready' && <ScheduleForm initial={stored.data} />}
      <Suspense fallback={<p role="status">Carregando avisos…</p>}>
        <NoticesPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando textos…</p>}>
        <TextsPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando fotos…</p>}>
        <PhotosPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando contato…</p>}>
        <ContactPanel />
      </Suspense>
    </>
  );
}

const SCHEDULE_FORM: ContentDocumentForm<StaffScheduleResponse, DayForm[]> = {
  formOf: (saved) => formOf(saved.schedule),
  problemsOf,
  send: (revision, form, token) => saveSchedule({ revision, schedule: scheduleOf(form) }, token),
  published: staffMessages.contentPublished,
  what: 'content',
};

function ScheduleForm({ initial }: { initial: StaffScheduleResponse }) {
  const doc = useContentForm(initial, SCHEDULE_FORM);
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
