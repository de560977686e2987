/**
 * A page's versions (issue 32 point 4, decision 064): each saved revision with who and when, what
 * it changed (each field before and after), and 'Restaurar esta versão', which saves an earlier
 * one again as the newest (a save someone made meanwhile is refused, as an edit's is).
 */
import type { StaffContentHistory, StaffTextsResponse } from '@centro/contracts';
import { useCallback, useState } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchHistory, restoreTexts } from '../api/texts';
import { staffMessages } from '../copy';
import { formatDateTime } from '../format';
import { failureMessage } from '../messages';
import { LoadFailed } from './load-failed';
import { fieldsOf } from './texts-fields';

type Revision = StaffContentHistory['revisions'][number];

/** The fields a revision changed from the one before it (all of them for the first listed). */
function changes(document: string, revision: Revision, before: Revision | undefined) {
  const after = revision.texts as Record<string, string>;
  const earlier = before?.texts as Record<string, string> | undefined;
  return fieldsOf(document)
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
  const call = useApi();
  const history = useLoad(
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` asks for a new load
    useCallback(() => call((token) => fetchHistory(document, token)), [call, document, version]),
    'Staff area: loading versions',
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (history.state === 'loading') return <p role="status">Carregando versões…</p>;
  if (history.state === 'failed') return <LoadFailed onRetry={history.reload} />;
  const { revisions } = history.data;
  const [newest] = revisions;

  const restore = async (revision: number) => {
    if (!newest) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) =>
        restoreTexts({ document, revision: newest.revision, restore: revision }, token),
      );
      void notify('success', 'Versão restaurada e publicada.');
      onRestored(saved);
    } catch (error) {
      setProblem(failureMessage('texts restore', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff__panel" aria-labelledby="versoes-titulo">
      <h3 id="versoes-titulo">Versões anteriores</h3>
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      <ol className="plain-list">
        {revisions.map((revision, i) => (
          <li key={revision.revision} className="staff__panel">
            <p>
              <strong>
                {revision.revision === 0 ? 'Texto original do site' : `Versão ${revision.revision}`}
              </strong>
              {i === 0 ? ' (publicada)' : ''}
              {revision.savedAt && revision.savedBy
                ? `: por ${revision.savedBy} em ${formatDateTime(revision.savedAt)}.`
                : '.'}
            </p>
            {revision.revision > 0 && (
              <details>
                <summary>Antes e depois</summary>
                {changes(document, revision, revisions[i + 1]).map((change) => (
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
