/**
 * One document kept as revisions in the 'Conteúdo' section (the schedule, the notices, the contact
 * details): its form, loaded once, then its versions (RevisionHistory). A save loads the versions
 * again; a restore replaces the form (a new key) with what the server then holds.
 */
import type { StaffRevisionRestore } from '@centro/contracts';
import { type ComponentProps, type ComponentType, useCallback, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';
import { RevisionHistory } from './texts-history';

type HistoryProps<Saved> = Omit<
  ComponentProps<typeof RevisionHistory<Saved>>,
  'version' | 'restore' | 'onRestored'
>;

/** What a document's form gets: the version it starts from, and whom to tell of each save. */
export interface DocumentFormProps<Saved> {
  initial: Saved;
  onSaved: (saved: Saved) => void;
}

export function DocumentPanel<Saved extends { revision: number }>({
  api,
  loading,
  what,
  Form,
  history,
}: {
  /** The document's calls (api/content.ts): its load, and the restore of one of its versions. */
  api: {
    fetch: (token: string) => Promise<Saved>;
    restore: (restore: StaffRevisionRestore, token: string) => Promise<Saved>;
  };
  /** Said while it loads ('Carregando horários…'). */
  loading: string;
  /** For the console when the load fails. */
  what: string;
  Form: ComponentType<DocumentFormProps<Saved>>;
  history: HistoryProps<Saved>;
}) {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call(api.fetch), [call, api]),
    `Staff area: loading ${what}`,
  );
  const restore = useCallback(
    (revision: number, restore: number, token: string) => api.restore({ revision, restore }, token),
    [api],
  );
  const [restored, setRestored] = useState<Saved | null>(null);
  const [version, setVersion] = useState(0);
  const onSaved = useCallback(() => setVersion((v) => v + 1), []);
  if (stored.state === 'loading') return <p role="status">{loading}</p>;
  if (stored.state === 'failed') return <LoadFailed onRetry={stored.reload} />;
  const initial = restored ?? stored.data;
  return (
    <>
      <Form key={initial.revision} initial={initial} onSaved={onSaved} />
      <RevisionHistory<Saved>
        {...history}
        version={version}
        restore={restore}
        onRestored={(saved) => {
          setRestored(saved);
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
