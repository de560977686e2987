/**
 * A page's versions (decision 064): each saved revision with who and when, what
 * it changed (each field before and after), and 'Restaurar esta versão', which saves an earlier
 * one again as the newest (a save someone made meanwhile is refused, as an edit's is). The same
 * list serves the contact details (`RevisionHistory`, decision 068).
 */
import type { StaffTextsResponse } from '@centro/contracts';
import { useCallback, useId, useState } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchHistory, restoreTexts } from '../api/texts';
import { staffMessages } from '../copy';
import { formatDateTime } from '../format';
import { failureMessage } from '../messages';
import { LoadFailed } from './load-failed';
import { fieldsOf } from './texts-fields';

/** A saved revision as listed: who, when, and each field's value by key. */
export interface ListedRevision {
  revision: number;
  savedAt: string | null;
  savedBy: string | null;
  values: Readonly<Record<string, string>>;
}

type Field = { key: string; label: string };

/** The fields a revision changed from the one before it (all of them for the first listed). */
function changes(fields: readonly Field[], revision: ListedRevision, before?: ListedRevision) {
  const after = revision.values;
  const earlier = before?.values;
  return fields
    .filter(({ key }) => earlier?.[key] !== after[key])
    .map(({ key, label }) => ({ key, label, before: earlier?.[key], after: after[key] ?? '' }));
}

export function TextsHistory({
  document,
  version,
  onRestored,
}: {
  document: string;
  /** Changes after each save: the list loads again. */
  version: number;
  onRestored: (saved: StaffTextsResponse) => void;
}) {
  const load = useCallback(
    async (token: string) =>
      (await fetchHistory(document, token)).revisions.map(({ texts, ...info }) => ({
        ...info,
        values: texts as unknown as Record<string, string>,
      })),
    [document],
  );
  const restore = useCallback(
    (revision: number, restore: number, token: string) =>
      restoreTexts({ document, revision, restore }, token),
    [document],
  );
  return (
    <RevisionHistory
      fields={fieldsOf(document)}
      original="Texto original do site"
      version={version}
      load={load}
      restore={restore}
      onRestored={onRestored}
    />
  );
}

/** A document's versions, with what each changed and 'Restaurar esta versão'. */
export function RevisionHistory<Saved>({
  title = 'Versões anteriores',
  fields,
  original,
  version,
  load,
  restore: send,
  onRestored,
}: {
  /** The list's heading, unique on the page (it names the list's landmark). */
  title?: string;
  fields: readonly Field[];
  /** The name of revision 0 (the packaged content). */
  original: string;
  /** Changes after each save: the list loads again. */
  version: number;
  load: (token: string) => Promise<ListedRevision[]>;
  /** Saves revision `restore` again from the newest, `revision`. */
  restore: (revision: number, restore: number, token: string) => Promise<Saved>;
  onRestored: (saved: Saved) => void;
}) {
  const call = useApi();
  const headingId = useId();
  const history = useLoad(
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` asks for a new load
    useCallback(() => call(load), [call, load, version]),
    'Staff area: loading versions',
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (history.state === 'loading') return <p role="status">Carregando versões…</p>;
  if (history.state === 'failed') return <LoadFailed onRetry={history.reload} />;
  const revisions = history.data;
  const [newest] = revisions;

  const restore = async (revision: number) => {
    if (!newest) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) => send(newest.revision, revision, token));
      void notify('success', 'Versão restaurada e publicada.');
      onRestored(saved);
    } catch (error) {
      setProblem(failureMessage('texts restore', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff__panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      <ol className="plain-list">
        {revisions.map((revision, i) => (
          <li key={revision.revision} className="staff__panel">
            <p>
              <strong>{revision.revision === 0 ? original : `Versão ${revision.revision}`}</strong>
              {i === 0 ? ' (publicada)' : ''}
              {revision.savedAt && revision.savedBy
                ? `: por ${revision.savedBy} em ${formatDateTime(revision.savedAt)}.`
                : '.'}
            </p>
            {revision.revision > 0 && (
              <details>
                <summary>Antes e depois</summary>
                {changes(fields, revision, revisions[i + 1]).map((change) => (
                  <div key={change.key}>
                    <p>
                      <strong>{change.label}</strong>
                    </p>
                    <p>Antes: {change.before ?? '(versão não listada)'}</p>
                    <p>Depois: {change.after}</p>
                  </div>
                ))}
              </details>
            )}
            {i > 0 && (
              <button
                type="button"
                className="btn btn-outline"
                disabled={busy}
                onClick={() => void restore(revision.revision)}
              >
                Restaurar esta versão
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
