/**
 * 'Recebi um código da secretaria' (decision 095): a person enrolled at the desk without an e-mail
 * (or with one not confirmed) types the code handed to them, and the places become theirs.
 */
import { useId, useState, type FormEvent } from 'react';
import { claimDeskCode } from '../api/my-enrolments';
import { claimedText } from '../format';

export function ClaimCode({
  busy,
  run,
}: {
  busy: boolean;
  run: (
    action: (token: string) => Promise<number>,
    done: (claimed: number) => string,
  ) => Promise<boolean>;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await run((token) => claimDeskCode(code, token), claimedText)) setCode('');
  };
  return (
    <details className="participant__claim">
      <summary>Recebi um código da secretaria</summary>
      <form onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-code`}>Código (8 letras e números)</label>
          <input
            id={`${id}-code`}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Usar código
        </button>
      </form>
    </details>
  );
}
