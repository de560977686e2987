/**
 * Notices ('Avisos', decision 056), in the 'Conteúdo' section: a list with add and
 * remove, each notice's title, text, period (São Paulo time) and place (the home page, one course,
 * every page), problems beside their fields. Saving publishes at once; a notice then shows and goes
 * by its period on its own. The save names the version it started from, as the schedule's does.
 * 'Pré-visualizar' opens the page the first notice is for, with the banners; below, the versions
 * (texts-history.tsx).
 */
import { allCourses, coursePath } from '@centro/content/site';
import type { Banner, StaffBannersResponse } from '@centro/contracts';
import { BANNER_LIMITS, type BannerPlace, saoPauloInstant } from '@centro/contracts/content-rules';
import { useMemo } from 'react';
import { notices as noticesApi } from '../api/content';
import { staffMessages } from '~/lib/staff/copy';
import { DocumentPanel, type DocumentFormProps } from './document-panel';
import { PublishForm } from './publish-form';
import type { ListedRevision, RevisionPreview } from './texts-history';
import {
  type ContentDocumentForm,
  type ContentFieldProps,
  useContentForm,
} from './use-content-form';

interface BannerForm {
  title: string;
  text: string;
  from: string;
  until: string;
  place: BannerPlace;
  course: string;
}

const PLACES: [BannerPlace, string][] = [
  ['home', 'Página inicial'],
  ['course', 'Página de um curso'],
  ['everywhere', 'Todas as páginas'],
];

const formOf = (notices: readonly Banner[]): BannerForm[] =>
  notices.map((n) => ({ ...n, course: n.course ?? '' }));

const noticesOf = (forms: BannerForm[]): Banner[] =>
  forms.map(({ course, ...n }) => ({
    ...n,
    title: n.title.trim(),
    text: n.text.trim(),
    ...(n.place === 'course' ? { course } : {}),
  }));

/** Problems beside their fields, by field key (`0.title`, `1.until`). */
function problemsOf(forms: BannerForm[]): Map<string, string> {
  const problems = new Map<string, string>();
  forms.forEach((n, i) => {
    if (!n.title.trim()) problems.set(`${i}.title`, 'Informe o título.');
    if (!n.text.trim()) problems.set(`${i}.text`, 'Informe o texto.');
    const from = saoPauloInstant(n.from);
    const until = saoPauloInstant(n.until);
    if (Number.isNaN(from)) problems.set(`${i}.from`, 'Informe data e hora.');
    if (Number.isNaN(until)) problems.set(`${i}.until`, 'Informe data e hora.');
    else if (until <= from) problems.set(`${i}.until`, 'Precisa ser depois do início.');
    if (n.place === 'course' && !n.course) problems.set(`${i}.course`, 'Escolha o curso.');
  });
  return problems;
}

const placeName = (notice: Banner) =>
  notice.place === 'course'
    ? (allCourses().find((c) => coursePath(c) === notice.course)?.title ?? notice.course ?? '')
    : (PLACES.find(([value]) => value === notice.place)?.[1] ?? notice.place);

/** A São Paulo 'YYYY-MM-DDTHH:MM' as staff read it: '01/12/2026 às 09h00'. */
const localText = (local: string) => {
  const [, y, m, d, hh, mm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local) ?? [];
  return y ? `${d}/${m}/${y} às ${hh}h${mm}` : local;
};

/** Each notice in a line, for 'Antes e depois'. */
const noticesText = (notices: readonly Banner[]) =>
  notices.length === 0
    ? 'Nenhum aviso.'
    : notices
        .map(
          (n) =>
            `${n.title}: ${n.text} (${localText(n.from)} a ${localText(n.until)}, ${placeName(n)})`,
        )
        .join('\n');

const loadHistory = async (token: string): Promise<ListedRevision[]> =>
  (await noticesApi.history(token)).revisions.map(({ notices, ...info }) => ({
    ...info,
    values: { notices: noticesText(notices) },
    body: notices,
  }));

const previewRevision: RevisionPreview = (revision, token) =>
  noticesApi.preview({ notices: revision.body as Banner[] }, token);

export function NoticesPanel() {
  return (
    <DocumentPanel
      api={noticesApi}
      loading="Carregando avisos…"
      what="notices"
      Form={NoticesForm}
      history={{
        title: 'Versões anteriores dos avisos',
        fields: [{ key: 'notices', label: 'Avisos' }],
        original: 'Sem avisos (original do site)',
        load: loadHistory,
        preview: previewRevision,
      }}
    />
  );
}

const BANNERS_FORM: ContentDocumentForm<StaffBannersResponse, BannerForm[]> = {
  formOf: (saved) => formOf(saved.notices),
  problemsOf,
  send: (revision, form, token) => noticesApi.save({ revision, notices: noticesOf(form) }, token),
  published: staffMessages.noticesPublished,
  what: 'notices',
};

function NoticesForm({ initial, onSaved }: DocumentFormProps<StaffBannersResponse>) {
  const settings = useMemo(() => ({ ...BANNERS_FORM, onSaved }), [onSaved]);
  const doc = useContentForm(initial, settings);
  const { form: notices, setForm: setNotices, field } = doc;

  const change = (i: number, field: keyof BannerForm, value: string) =>
    setNotices((current) => current.map((n, j) => (j === i ? { ...n, [field]: value } : n)));

  const input = (i: number, key: 'title' | 'text' | 'from' | 'until', props: ContentFieldProps) => (
    <input
      {...props}
      value={notices[i]?.[key] ?? ''}
      {...(key === 'from' || key === 'until'
        ? { type: 'datetime-local' }
        : { maxLength: BANNER_LIMITS[key] })}
      onChange={(e) => change(i, key, e.currentTarget.value)}
    />
  );

  return (
    <PublishForm
      doc={doc}
      heading={<h2>Avisos</h2>}
      original="Nenhum aviso publicado ainda."
      about="Cada aviso aparece no alto da página escolhida durante o período informado (horário de Brasília)."
      submit="Publicar avisos"
      preview={
        notices.length > 0
          ? {
              render: (token) => noticesApi.preview({ notices: noticesOf(notices) }, token),
              what: 'notices preview',
            }
          : undefined
      }
    >
      {notices.map((notice, i) => (
        <fieldset key={i} className="staff__panel">
          <legend>Aviso {i + 1}</legend>
          {field(`${i}.title`, 'Título', (props) => input(i, 'title', props))}
          {field(`${i}.text`, 'Texto', (props) => input(i, 'text', props))}
          {field(`${i}.from`, 'Mostrar a partir de', (props) => input(i, 'from', props))}
          {field(`${i}.until`, 'Mostrar até', (props) => input(i, 'until', props))}
          {field(`${i}.place`, 'Onde', (props) => (
            <select
              {...props}
              value={notice.place}
              onChange={(e) => change(i, 'place', e.currentTarget.value)}
            >
              {PLACES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          ))}
          {notice.place === 'course' &&
            field(`${i}.course`, 'Curso', (props) => (
              <select
                {...props}
                value={notice.course}
                onChange={(e) => change(i, 'course', e.currentTarget.value)}
              >
                <option value="">Escolha o curso</option>
                {allCourses().map((course) => (
                  <option key={coursePath(course)} value={coursePath(course)}>
                    {course.title}
                  </option>
                ))}
              </select>
            ))}
          <button
            type="button"
            className="staff__link-button"
            onClick={() => setNotices((current) => current.filter((_, j) => j !== i))}
          >
            Remover este aviso
          </button>
        </fieldset>
      ))}
      {notices.length < BANNER_LIMITS.notices && (
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => setNotices((current) => [...current, blankNotice()])}
        >
          Adicionar aviso
        </button>
      )}
    </PublishForm>
  );
}

const blankNotice = (): BannerForm => ({
  title: '',
  text: '',
  from: '',
  until: '',
  place: 'home',
  course: '',
});
