/**
 * The pages' texts (decision 064), in the 'Conteúdo' section: a page to choose (the home
 * page, 'Saiba mais', each course), its texts as Markdown limited to paragraphs, bold, italics and
 * links, problems beside their fields, and 'Publicar textos', which names the version the edit
 * started from (someone else's save meanwhile is refused and the text stays on screen);
 * 'Pré-visualizar' opens the page rendered with the texts on screen in a new tab, published
 * nowhere. Below, the page's versions with 'Restaurar esta versão' (texts-history.tsx).
 */
import { allCourses, coursePath, getProgramme } from '@centro/content/site';
import type { StaffTextsResponse, Texts } from '@centro/contracts';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchTexts, previewTexts, saveTexts } from '../api/texts';
import { LoadFailed } from '~/components/staff/load-failed';
import { fieldsOf, type TextsForm as Form, textsProblems } from './texts-fields';
import { TextsHistory } from './texts-history';
import { PublishForm } from './publish-form';
import { type ContentDocumentForm, useContentForm } from './use-content-form';

/** The pages whose texts may be edited, with their names. */
const PAGES: [string, string][] = [
  ['home', 'Página inicial'],
  ['about', 'Saiba mais'],
  ...allCourses().map((course): [string, string] => [
    coursePath(course),
    `${getProgramme(course.programme).name} · ${course.title}`,
  ]),
];

export function TextsPanel() {
  const [document, setDocument] = useState('home');
  return (
    <section className="staff__settings" aria-labelledby="textos-titulo">
      <h2 id="textos-titulo">Textos das páginas</h2>
      <div className="staff__field">
        <label htmlFor="textos-pagina">Página</label>
        <select
          id="textos-pagina"
          value={document}
          onChange={(event) => setDocument(event.currentTarget.value)}
        >
          {PAGES.map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <PageTexts key={document} document={document} />
    </section>
  );
}

function PageTexts({ document }: { document: string }) {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call((token) => fetchTexts(document, token)), [call, document]),
    'Staff area: loading texts',
  );
  // A restore replaces the form (a new key) with what the server then holds.
  const [restored, setRestored] = useState<StaffTextsResponse | null>(null);
  // Each save or restore loads the versions again.
  const [version, setVersion] = useState(0);
  if (stored.state === 'loading') return <p role="status">Carregando textos…</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  const initial = restored ?? stored.data;
  return (
    <>
      <TextsForm
        key={initial.revision}
        initial={initial}
        onSaved={() => setVersion((v) => v + 1)}
      />
      <TextsHistory
        document={document}
        version={version}
        onRestored={(saved) => {
          setRestored(saved);
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}

function TextsForm({
  initial,
  onSaved,
}: {
  initial: StaffTextsResponse;
  onSaved: (saved: StaffTextsResponse) => void;
}) {
  const { document } = initial;
  const settings = useMemo<ContentDocumentForm<StaffTextsResponse, Form>>(
    () => ({
      formOf: (saved) => ({ ...(saved.texts as Form) }),
      problemsOf: (form) => textsProblems(document, form),
      send: (revision, form, token) =>
        saveTexts({ document, revision, texts: textsOf(document, form) }, token),
      published: 'Textos publicados.',
      what: 'texts',
      onSaved,
    }),
    [document, onSaved],
  );
  const doc = useContentForm(initial, settings);
  const { form, setForm, field } = doc;
  return (
    <PublishForm
      doc={doc}
      original="Texto original do site, ainda não alterado."
      about="Ao salvar, a página muda na hora."
      submit="Publicar textos"
      preview={{
        render: (token) => previewTexts({ document, texts: textsOf(document, form) }, token),
        what: 'texts preview',
      }}
    >
      {fieldsOf(document).map(({ key, label, max, rich }) => (
        <Fragment key={key}>
          {field(key, label, (props) =>
            rich ? (
              <>
                <textarea
                  {...props}
                  rows={8}
                  value={form[key] ?? ''}
                  maxLength={max}
                  onChange={(e) => {
                    const { value } = e.currentTarget;
                    setForm((current) => ({ ...current, [key]: value }));
                  }}
                />
                <small>
                  Separe os parágrafos com uma linha em branco. **negrito**, *itálico*, [texto do
                  link](https://…).
                </small>
              </>
            ) : (
              <input
                {...props}
                value={form[key] ?? ''}
                maxLength={max}
                onChange={(e) => {
                  const { value } = e.currentTarget;
                  setForm((current) => ({ ...current, [key]: value }));
                }}
              />
            ),
          )}
        </Fragment>
      ))}
    </PublishForm>
  );
}

/** The form's values as the document's texts (trimmed, its own fields only). */
function textsOf(document: string, form: Form): Texts {
  return Object.fromEntries(
    fieldsOf(document).map(({ key }) => [key, (form[key] ?? '').trim()]),
  ) as unknown as Texts;
}
