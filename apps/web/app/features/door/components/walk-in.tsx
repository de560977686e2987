/**
 * 'Chegou sem inscrição' at the door (decision 096): two taps, the button and 'Adicionar' (the
 * name and phone typed between, the consent read aloud). The server gives a place when the class
 * has one (the person is marked present), else the person is a guest of this meeting, listed
 * apart from the marks.
 */
import { type FormEvent, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { walkIn } from '../api/desk';
import { claimCodeText } from '~/lib/staff/claim-code';
import { deskTexts, walkInOutcome } from '../desk-copy';
import { NO_PERSON, NewPersonFields, personRequest } from './new-person-fields';

interface WalkInProps {
  slug: string;
  classId: string;
  meeting: number;
  guests: readonly { id: string; name: string }[];
  /** Whether a walk-in can be added now (the meeting can be marked). */
  open: boolean;
  onAdded: () => unknown;
}

export function WalkIn({ slug, classId, meeting, guests, open, onAdded }: WalkInProps) {
  const call = useApi();
  const [form, setForm] = useState(false);
  const [person, setPerson] = useState(NO_PERSON);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; code: string | null } | null>(null);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!person.agreed) return setProblem(deskTexts.consentMissing);
    setProblem(null);
    setBusy(true);
    try {
      const answer = await call((token) =>
        walkIn(slug, classId, meeting, { person: personRequest(person) }, token),
      );
      setDone({ text: walkInOutcome(person.name, answer.state), code: answer.claimCode });
      setPerson(NO_PERSON);
      setForm(false);
      onAdded();
    } catch (error) {
      setProblem(failureMessage('walk-in', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff__walk-in">
      {done && (
        <div className="staff__notice" role="status">
          <p>{done.text}</p>
          {done.code && <p className="staff__claim-code">{claimCodeText(done.code)}</p>}
        </div>
      )}
      {open && !form && (
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setDone(null);
            setForm(true);
          }}
        >
          {deskTexts.walkIn}
        </button>
      )}
      {form && (
        <form onSubmit={(event) => void add(event)} noValidate aria-label={deskTexts.walkIn}>
          <p>{deskTexts.walkInIntro}</p>
          <NewPersonFields person={person} onChange={setPerson} />
          {problem && (
            <p className="staff__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="staff__actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {deskTexts.walkInAdd}
            </button>
            <button type="button" className="btn" onClick={() => setForm(false)}>
              {deskTexts.cancel}
            </button>
          </div>
        </form>
      )}
      {guests.length > 0 && (
        <>
          <h4>{deskTexts.guests}</h4>
          <ul className="plain-list staff__guests">
            {guests.map((g) => (
              <li key={g.id}>{g.name}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
