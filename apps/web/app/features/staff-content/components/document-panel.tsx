/**
 * One document kept as revisions in the 'Conteúdo' section (the schedule, the notices, the contact
 * details): its form, loaded once, then its versions (RevisionHistory). A save loads the versions
 * again; a restore replaces the form (a new key) with what the server then holds.
 */
import { type ComponentProps, Fragment, type ReactNode, useCallback, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';
import { RevisionHistory } from './texts-history';

type HistoryProps<Saved> = Omit<
  ComponentProps<typeof RevisionHistory<Saved>>,
  'version' | 'onRestored'
>;

export function DocumentPanel<Saved extends { revision: number }>({
  load,
  loading,
  what,
  form,
  history,
}: {
  load: (token: string) => Promise<Saved>;
  /** Said while it loads ('Carregando horários…'). */
  loading: string;
  /** For the console when the load fails. */
  what: string;
  form: (initial: Saved, onSaved: () => void) => ReactNode;
  history: HistoryProps<Saved>;
}) {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call(load), [call, load]),
    `Staff area: loading ${what}`,
  );
  const [restored, setRestored] = useState<Saved | null>(null);
  const [version, setVersion] = useState(0);
  const onSaved = useCallback(() => setVersion((v) => v + 1), []);
  if (stored.state === 'loading') return <p role="status">{loading}</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  const initial = restored ?? stored.data;
  return (
    <>
      <Fragment key={initial.revision}>{form(initial, onSaved)}</Fragment>
      <RevisionHistory<Saved>
        {...history}
        version={version}
        onRestored={(saved) => {
          setRestored(saved);
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
