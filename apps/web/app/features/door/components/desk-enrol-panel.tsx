/**
 * 'Inscrever no balcão' (decision 095): Secretaria and Coordenação enrol into the class someone who
 * phoned or came in: an account found by e-mail, phone or name, or a person without one, with the
 * consent read aloud. The answer says whether a place or the waiting list, and for a new person
 * the code to hand them so the enrolment becomes theirs when they sign up.
 */
import type { StaffPeopleResponse } from '@centro/contracts';
import { isSpecificPeopleQuery } from '@centro/contracts/people-query';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { classMessages, prerequisiteMessages, staffMessages } from '~/lib/staff/copy';
import { findPeople } from '~/lib/staff/find-people';
import { failureMessage } from '~/lib/staff/messages';
import { deskEnrol } from '../api/desk';
import { claimCodeText } from '~/lib/staff/claim-code';
import { deskOutcome, deskTexts } from '../desk-copy';
import { NO_PERSON, NewPersonFields, personRequest } from './new-person-fields';

type Found = StaffPeopleResponse['people'][number];

export function DeskEnrolPanel({ slug, staffClass, onChanged }: ClassPanelProps) {
  const id = useId();
  const call = useApi();
  const [kind, setKind] = useState<'account' | 'new'>('new');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [chosen, setChosen] = useState<Found | null>(null);
  const [person, setPerson] = useState(NO_PERSON);
  const [release, setRelease] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; code: string | null } | null>(null);

  if (isReadOnly(staffClass)) return <p className="staff__notice">{classMessages.readOnly}</p>;

  const search = async () => {
    setFound(null);
    setChosen(null);
    if (!isSpecificPeopleQuery(query)) return setProblem(prerequisiteMessages.searchTooBroad);
    setProblem(null);
    try {
      setFound(await call((token) => findPeople(query.trim(), token)));
    } catch (error) {
      setProblem(failureMessage('people search', error, staffMessages.loadFailed));
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    if (kind === 'new' && !person.agreed) return setProblem(deskTexts.consentMissing);
    if (kind === 'account' && chosen === null) return setProblem(deskTexts.noneFound);
    setProblem(null);
    setBusy(true);
    try {
      const request =
        kind === 'account' && chosen
          ? { personId: chosen.id, release }
          : { person: personRequest(person), release };
      const answer = await call((token) => deskEnrol(slug, staffClass.id, request, token));
      const name = kind === 'account' && chosen ? chosen.name || chosen.email : person.name;
      setDone({ text: deskOutcome(name, answer), code: answer.claimCode });
      setPerson(NO_PERSON);
      setChosen(null);
      setFound(null);
      setQuery('');
      setRelease(false);
      onChanged();
    } catch (error) {
      setProblem(failureMessage('desk enrolment', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="staff__panel staff__desk" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{deskTexts.tab}</h3>
      <p>{deskTexts.intro}</p>
      {done && (
        <div className="staff__notice" role="status">
          <p>{done.text}</p>
          {done.code && <p className="staff__claim-code">{claimCodeText(done.code)}</p>}
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="staff__desk-kind">
          <legend>Quem vai se inscrever?</legend>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'new'}
              onChange={() => setKind('new')}
            />{' '}
            {deskTexts.noAccount}
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === 'account'}
              onChange={() => setKind('account')}
            />{' '}
            {deskTexts.hasAccount}
          </label>
        </fieldset>
        {kind === 'account' ? (
          <>
            <div className="staff__field">
              <label htmlFor={`${id}-search`}>{deskTexts.search}</label>
              <input
                id={`${id}-search`}
                type="search"
                autoComplete="off"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
              />
            </div>
            <button type="button" className="btn" onClick={() => void search()}>
              {deskTexts.searchButton}
            </button>
            {found !== null && found.length === 0 && <p role="status">{deskTexts.noneFound}</p>}
            {found !== null && found.length > 0 && (
              <ul className="plain-list staff__people">
                {found.map((p) => (
                  <li key={p.id} className="staff__person">
                    <p>
                      <strong>{p.name || p.email}</strong>
                      <br />
                      {p.email}
                    </p>
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-pressed={chosen?.id === p.id}
                      onClick={() => setChosen(p)}
                    >
                      {deskTexts.choose(p.name || p.email)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {chosen && <p role="status">{deskTexts.chosen(chosen.name || chosen.email)}</p>}
          </>
        ) : (
          <NewPersonFields
            person={person}
            onChange={(changed) => {
              setProblem(null);
              setPerson(changed);
            }}
          />
        )}
        <label className="staff__check">
          <input
            type="checkbox"
            checked={release}
            onChange={(event) => setRelease(event.currentTarget.checked)}
          />{' '}
          {deskTexts.release}
        </label>
        {problem && (
          <p className="staff__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="staff__actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {deskTexts.enrol}
          </button>
        </div>
      </form>
    </section>
  );
}
