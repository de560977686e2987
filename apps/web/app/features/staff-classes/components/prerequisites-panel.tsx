/**
 * A course's prerequisites (decision 061): the courses a person must have concluded to enrol, the
 * content's default or Coordenação's list (Coordenação changes it), and 'Liberar inscrição'
 * (Coordenação and Secretaria): find the person by e-mail or name and let them enrol in this
 * course without the prerequisites. Problems sit beside the field they are about.
 */
import { findPeople } from '~/lib/staff/find-people';
import type { StaffPeopleResponse, StaffPrerequisitesResponse } from '@centro/contracts';
import { isSpecificPeopleQuery } from '@centro/contracts/people-query';
import { joinPortuguese } from '@centro/contracts/lists';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchPrerequisites, grantException, savePrerequisites } from '../api/prerequisites';
import { prerequisiteMessages, staffMessages } from '~/lib/staff/copy';
import { formatDateTime } from '~/lib/staff/format';
import { failureMessage } from '~/lib/staff/messages';
import { LoadFailed } from '~/components/staff/load-failed';
import { StaffField } from '~/components/staff/staff-field';
import { useFieldForm } from '~/components/staff/use-field-form';

interface PrerequisitesPanelProps {
  slug: string;
  coordination: boolean;
}

/** 'Para se inscrever, é preciso ter concluído: A e B.' or 'none'. */
export function requiredText(required: StaffPrerequisitesResponse['required']): string {
  return required.length === 0
    ? prerequisiteMessages.none
    : `Para se inscrever, é preciso ter concluído: ${joinPortuguese(required.map((c) => c.title))}.`;
}

export function PrerequisitesPanel({ slug, coordination }: PrerequisitesPanelProps) {
  const call = useApi();
  const loaded = useLoad(
    useCallback(() => call((token) => fetchPrerequisites(slug, token)), [call, slug]),
    'Staff area: loading',
  );
  if (loaded.state === 'loading') return <p role="status">Carregando pré-requisitos…</p>;
  if (loaded.state === 'failed') return <LoadFailed onRetry={loaded.reload} />;
  return <PrerequisitesView slug={slug} coordination={coordination} initial={loaded.data} />;
}

function PrerequisitesView({
  slug,
  coordination,
  initial,
}: PrerequisitesPanelProps & { initial: StaffPrerequisitesResponse }) {
  const call = useApi();
  const id = useId();
  const [answer, setAnswer] = useState(initial);
  const [chosen, setChosen] = useState(() => new Set(initial.required.map((c) => c.slug)));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // From the server: the staff area's first load carries none of the content's courses.
  const others = answer.choices;

  const save = async (required: string[] | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) => savePrerequisites(slug, required, token));
      setAnswer(saved);
      setChosen(new Set(saved.required.map((c) => c.slug)));
      void notify('success', prerequisiteMessages.saved);
    } catch (error) {
      setProblem(failureMessage('prerequisites', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // In the content's order, as the course pages list them.
    void save(others.filter((c) => chosen.has(c.slug)).map((c) => c.slug));
  };
  /** After 'Liberar inscrição': the exceptions as the server now holds them. */
  const refresh = async () => {
    try {
      setAnswer(await call((token) => fetchPrerequisites(slug, token)));
    } catch (error) {
      setProblem(failureMessage('prerequisites', error, staffMessages.loadFailed));
    }
  };
  const toggle = (course: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(course);
      else next.delete(course);
      return next;
    });

  return (
    <section className="staff__prerequisites" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Pré-requisitos</h3>
      <p>
        {requiredText(answer.required)}{' '}
        {answer.byStaff ? prerequisiteMessages.byStaff : prerequisiteMessages.byDefault}
      </p>
      {coordination && (
        <form onSubmit={submit}>
          <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend>Cursos que é preciso ter concluído</legend>
            {others.map((course) => (
              <label key={course.slug} className="staff__check">
                <input
                  type="checkbox"
                  checked={chosen.has(course.slug)}
                  onChange={(event) => toggle(course.slug, event.currentTarget.checked)}
                />{' '}
                {course.title}
              </label>
            ))}
          </fieldset>
          {problem && (
            <p className="staff__problem" id={`${id}-problem`} role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Salvar pré-requisitos
          </button>{' '}
          {answer.byStaff && (
            <button type="button" className="btn" disabled={busy} onClick={() => void save(null)}>
              Voltar ao padrão
            </button>
          )}
        </form>
      )}
      <ReleaseEnrolment slug={slug} answer={answer} onGranted={() => void refresh()} />
    </section>
  );
}

const isSearch = (name: string | undefined): name is 'search' => name === 'search';

/** 'Liberar inscrição': find the person, then let them enrol without the prerequisites. */
function ReleaseEnrolment({
  slug,
  answer,
  onGranted,
}: {
  slug: string;
  answer: StaffPrerequisitesResponse;
  onGranted: () => unknown;
}) {
  const call = useApi();
  const [text, setText] = useState('');
  const [found, setFound] = useState<StaffPeopleResponse['people'] | null>(null);
  const { inputId, busy, show, run, problemOf, formProblem } = useFieldForm(isSearch);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFound(null);
    if (!isSpecificPeopleQuery(text)) {
      return show({ field: 'search', message: prerequisiteMessages.searchTooBroad });
    }
    await run(
      async () => setFound(await call((token) => findPeople(text.trim(), token))),
      (error) => failureMessage('people search', error, staffMessages.loadFailed),
    );
  };
  const grant = (person: StaffPeopleResponse['people'][number]) =>
    run(
      async () => {
        await call((token) => grantException(slug, person.id, token));
        void notify('success', prerequisiteMessages.granted(person.name || person.email));
        setFound(null);
        setText('');
        onGranted();
      },
      (error) => failureMessage('exception', error, staffMessages.saveFailed),
    );

  return (
    <div className="staff__release">
      <h3>Liberar inscrição</h3>
      <p>{prerequisiteMessages.releaseHint}</p>
      <form onSubmit={(event) => void search(event)} noValidate>
        {/* The form's only field: a failure of the search or of a release shows beside it. */}
        <StaffField
          inputId={inputId('search')}
          label="E-mail ou nome"
          problem={problemOf('search') ?? formProblem}
        >
          {(tie) => (
            <input
              {...tie}
              type="search"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          )}
        </StaffField>
        <button type="submit" className="btn" disabled={busy}>
          Buscar
        </button>
      </form>
      {found !== null && found.length === 0 && <p role="status">Nenhuma pessoa encontrada.</p>}
      {found !== null && found.length > 0 && (
        <ul className="plain-list staff__people">
          {found.map((person) => (
            <li key={person.id} className="staff__person">
              <p>
                <strong>{person.name || person.email}</strong>
                <br />
                {person.email}
              </p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                aria-label={`Liberar inscrição de ${person.name || person.email}`}
                onClick={() => void grant(person)}
              >
                Liberar inscrição
              </button>
            </li>
          ))}
        </ul>
      )}
      {answer.exceptions.length > 0 && (
        <>
          <h4>Inscrição liberada para</h4>
          <ul className="plain-list">
            {answer.exceptions.map((e) => (
              <li key={e.personId}>
                {e.name ?? 'Nome indisponível'} — {formatDateTime(e.grantedAt)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
