/**
 * A page's versions (decision 064): each saved revision with who and when, what
 * it changed (each field's words removed and added, word-diff.ts), 'Pré-visualizar' (the page as
 * that version shows it) and 'Restaurar esta versão', which asks first, then saves that version
 * again as the newest (a save someone made meanwhile is refused, as an edit's is). The same list
 * serves every document kept as revisions (`RevisionHistory`: the schedule, the notices, the
 * photos, the contact details).
 */
import type { StaffTextsResponse, Texts } from '@centro/contracts';
import { Fragment, useCallback, useId, useState } from 'react';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchHistory, previewTexts, restoreTexts } from '../api/texts';
import { staffMessages } from '~/lib/staff/copy';
import { formatDateTime } from '~/lib/staff/format';
import { failureMessage } from '~/lib/staff/messages';
import { LoadFailed } from '~/components/staff/load-failed';
import { openPreview } from './preview-window';
import { fieldsOf } from './texts-fields';
import { shortened, wordDiff } from '../word-diff';

/** A saved revision as listed: who, when, and each field's value by key. */
export interface ListedRevision {
  revision: number;
  savedAt: string | null;
  savedBy: string | null;
  values: Readonly<Record<string, string>>;
  /** The document as saved in this revision (what its preview renders), when it is not `values`. */
  body?: unknown;
}

/** What the versions list does with a revision: its preview, and its restore. */
export type RevisionPreview = (revision: ListedRevision, token: string) => Promise<string>;

type HistoryField = { key: string; label: string };

/** The fields a revision changed from the one before it (all of them for the first listed). */
function changes(
  fields: readonly HistoryField[],
  revision: ListedRevision,
  before?: ListedRevision,
) {
  const after = revision.values;
  const earlier = before?.values;
  return fields
    .filter(({ key }) => earlier?.[key] !== after[key])
    .map(({ key, label }) => ({ key, label, before: earlier?.[key], after: after[key] ?? '' }));
}

const diffOf = (before: string | undefined, after: string) =>
  shortened(wordDiff(before ?? '', after));

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
  const preview = useCallback<RevisionPreview>(
    (revision, token) =>
      previewTexts({ document, texts: revision.values as unknown as Texts }, token),
    [document],
  );
  return (
    <RevisionHistory
      fields={fieldsOf(document)}
      original="Texto original do site"
      version={version}
      load={load}
      restore={restore}
      preview={preview}
      onRestored={onRestored}
    />
  );
}

/** A document's versions, with what each changed, 'Pré-visualizar' and 'Restaurar esta versão'. */
export function RevisionHistory<Saved>({
  title = 'Versões anteriores',
  fields,
  original,
  version,
  load,
  restore: send,
  preview,
  onRestored,
}: {
  /** The list's heading, unique on the page (it names the list's landmark). */
  title?: string;
  fields: readonly HistoryField[];
  /** The name of revision 0 (the packaged content). */
  original: string;
  /** Changes after each save: the list loads again. */
  version: number;
  load: (token: string) => Promise<ListedRevision[]>;
  /** Saves revision `restore` again from the newest, `revision`. */
  restore: (revision: number, restore: number, token: string) => Promise<Saved>;
  /** The page as a revision shows it; none: no 'Pré-visualizar'. */
  preview?: RevisionPreview;
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
  // The version 'Restaurar esta versão' asks about; the question takes the focus.
  const [confirming, setConfirming] = useState<number | null>(null);

  if (history.state === 'loading') return <p role="status">Carregando versões…</p>;
  if (history.state === 'failed') return <LoadFailed onRetry={history.reload} />;
  const revisions = history.data;
  const [newest] = revisions;
  const nameOf = (revision: number) => (revision === 0 ? original : `Versão ${revision}`);

  const restore = async (revision: number) => {
    if (!newest) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) => send(newest.revision, revision, token));
      setConfirming(null);
      void notify('success', 'Versão restaurada e publicada.');
      onRestored(saved);
    } catch (error) {
      setProblem(failureMessage('texts restore', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const show = async (revision: ListedRevision) => {
    if (!preview) return;
    setProblem(null);
    setProblem(await openPreview(() => call((token) => preview(revision, token)), 'preview'));
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
              <strong>{nameOf(revision.revision)}</strong>
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
                    {change.before === undefined && <p>(A versão anterior não está na lista.)</p>}
                    <p className="staff__diff">
                      {diffOf(change.before, change.after).map((part, j, parts) =>
                        part.kind === 'added' ? (
                          <ins key={j}>
                            <span className="visually-hidden">[incluído: </span>
                            {part.text}
                            <span className="visually-hidden">]</span>
                          </ins>
                        ) : part.kind === 'removed' ? (
                          <Fragment key={j}>
                            <del>
                              <span className="visually-hidden">[removido: </span>
                              {part.text}
                              <span className="visually-hidden">]</span>
                            </del>
                            {/* A word replaced: the old and the new apart. */}
                            {!/\s$/.test(part.text) && parts[j + 1]?.kind === 'added' && ' '}
                          </Fragment>
                        ) : (
                          <span key={j}>{part.text}</span>
                        ),
                      )}
                    </p>
                  </div>
                ))}
              </details>
            )}
            {(preview || i > 0) && (
              <div className="staff__exports">
                {preview && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    aria-label={`Pré-visualizar ${nameOf(revision.revision).toLowerCase()}`}
                    onClick={() => void show(revision)}
                  >
                    Pré-visualizar
                  </button>
                )}
                {i > 0 && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={busy}
                    onClick={() => setConfirming(revision.revision)}
                  >
                    Restaurar esta versão
                  </button>
                )}
              </div>
            )}
            {confirming === revision.revision && (
              <ConfirmBox
                question={`Restaurar ${
                  revision.revision === 0 ? 'o conteúdo original' : `a versão ${revision.revision}`
                }? Ela será publicada na hora, no lugar da versão atual, que continua nesta lista.`}
                confirm={{
                  label: 'Confirmar restauração',
                  onClick: () => void restore(revision.revision),
                  disabled: busy,
                }}
                onCancel={() => setConfirming(null)}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
