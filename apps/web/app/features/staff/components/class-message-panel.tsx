/**
 * The course view's 'Mensagem à turma' tab, until each class has its own screens: the course's
 * classes not concluded (a choice when there are several, the latest first) and the message form
 * of the one chosen.
 */
import { useCallback, useId, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchClasses } from '../api/class-messages';
import { ClassMessageForm } from './class-message-form';
import { LoadFailed } from './load-failed';

export function ClassMessagePanel({ slug }: { slug: string }) {
  const call = useApi();
  const id = useId();
  const loaded = useLoad(
    useCallback(() => call((token) => fetchClasses(slug, token)), [call, slug]),
    'Staff area: loading classes',
  );
  const [chosen, setChosen] = useState<string | null>(null);
  if (loaded.state === 'loading') return <p role="status">Carregando turmas…</p>;
  if (loaded.state === 'failed') return <LoadFailed onRetry={loaded.reload} />;
  const classes = loaded.data.filter((c) => c.state !== 'concluded').reverse();
  const current = classes.find((c) => c.id === chosen) ?? classes[0];
  if (!current) return <p>Este curso não tem turma em andamento.</p>;
  return (
    <div className="staff__panel">
      {classes.length > 1 && (
        <div className="staff__field">
          <label htmlFor={`${id}-class`}>Turma</label>
          <select
            id={`${id}-class`}
            value={current.id}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <ClassMessageForm
        key={current.id}
        slug={slug}
        classId={current.id}
        className={current.name}
      />
    </div>
  );
}
