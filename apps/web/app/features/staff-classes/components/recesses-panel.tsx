/**
 * 'Recessos do centro' (decision 092), above the courses: the centre's recesses, and for
 * Coordenação a form to enter one ('Recesso de fim de ano', 20/12 to 10/01, and whether each
 * class then ends a week later or has one meeting fewer) and 'Remover' (asked twice). Entered
 * once, a recess skips the meetings in it in every class not concluded; the answer says how many
 * classes changed and how many people were told.
 */
import type { RecessItem } from '@centro/contracts';
import { MEETING_TEXT_LIMITS } from '@centro/contracts/field-labels';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { LoadFailed } from '~/components/staff/load-failed';
import { failureMessage } from '~/lib/staff/messages';
import { useLoad } from '~/lib/use-load';
import { addRecess, fetchRecesses, removeRecess } from '../api/meetings';
import { recessLine, recessSavedText, thenLabels } from '../meeting-texts';
import '../meetings.css';
import { ThenChoice, WhenFields } from './when-fields';

const SAVE_FAILED = 'Não foi possível salvar o recesso. Tente novamente.';

export function RecessesPanel({
  coordination,
  onChanged,
}: {
  coordination: boolean;
  onChanged: () => void;
}) {
  const call = useApi();
  const id = useId();
  const loaded = useLoad(
    useCallback(() => call(fetchRecesses), [call]),
    'Staff area: loading',
  );
  const [name, setName] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [then, setThen] = useState<'later' | 'fewer'>('later');
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      const text = await work();
      setOutcome({ ok: true, text });
      void loaded.reload();
      onChanged();
    } catch (error) {
      setOutcome({ ok: false, text: failureMessage('recess', error, SAVE_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(async () => {
      const answer = await call((token) => addRecess({ name, startsOn, endsOn, then }, token));
      setName('');
      setStartsOn('');
      setEndsOn('');
      return recessSavedText('saved', answer.classes, answer.notified);
    });
  };
  const remove = (recess: RecessItem) =>
    void act(async () => {
      const answer = await call((token) => removeRecess(recess.id, token));
      setRemoving(null);
      return recessSavedText('removed', answer.classes, answer.notified);
    });

  return (
    <details className="staff__recesses" open={coordination}>
      <summary>
        <h2 id={`${id}-title`}>Recessos do centro</h2>
      </summary>
      <p>Nenhuma turma tem encontro num recesso: cada encontro nele é pulado em todas as turmas.</p>
      {loaded.state === 'loading' && <p>Carregando recessos…</p>}
      {loaded.state === 'failed' && <LoadFailed onRetry={loaded.reload} />}
      {loaded.state === 'ready' &&
        (loaded.data.recesses.length === 0 ? (
          <p>Nenhum recesso cadastrado.</p>
        ) : (
          <ul className="staff__recess-list">
            {loaded.data.recesses.map((r) => (
              <li key={r.id} className="staff__recess">
                <div>
                  <span className="staff__meeting-when">{recessLine(r)}</span>
                  <span className="staff__meeting-state">{thenLabels[r.then]}</span>
                </div>
                {coordination &&
                  (removing === r.id ? (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy}
                      onClick={() => remove(r)}
                    >
                      Confirmar remoção
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => setRemoving(r.id)}
                    >
                      Remover
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        ))}
      {outcome && (
        <p
          className={outcome.ok ? 'staff__saved' : 'staff__problem'}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
      {coordination && (
        <form className="staff__meeting-form" onSubmit={submit} aria-labelledby={`${id}-new`}>
          <h3 id={`${id}-new`}>Cadastrar recesso</h3>
          <div className="staff__field">
            <label htmlFor={`${id}-name`}>Nome</label>
            <input
              id={`${id}-name`}
              type="text"
              required
              maxLength={MEETING_TEXT_LIMITS.recessName}
              placeholder="Recesso de fim de ano"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </div>
          <WhenFields
            fields={[
              {
                id: `${id}-from`,
                label: 'Primeiro dia',
                type: 'date',
                value: startsOn,
                onChange: setStartsOn,
              },
              {
                id: `${id}-to`,
                label: 'Último dia',
                type: 'date',
                value: endsOn,
                onChange: setEndsOn,
              },
            ]}
          />
          <ThenChoice
            legend="Cada turma com encontro no recesso:"
            name={`${id}-then`}
            value={then}
            onChange={setThen}
          />
          <p className="staff__meeting-hint">
            As pessoas inscritas nas turmas que mudarem recebem um e-mail com os encontros
            atualizados.
          </p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Salvando…' : 'Cadastrar recesso'}
          </button>
        </form>
      )}
    </details>
  );
}
