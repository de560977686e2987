/**
 * The door: 'Ler QR code' (decision 097) and 'Buscar pelo nome' (decision 089), each marking the
 * person present through the device's queue, and the outcome in colour, sound and words.
 */
import { useCallback, useId, useState } from 'react';
import { checkInTokenOf } from '@centro/contracts/check-in-token';
import { useApi } from '~/auth/use-api';
import { checkIn } from '../api/check-in';
import { checkInResult, outcomeClass, type CheckInPerson } from '../check-in';
import { doorOutcome, type DoorOutcome, doorTexts, findByName } from '../door-search';
import { QrScanner } from './qr-scanner';

interface DoorPanelProps {
  slug: string;
  classId: string;
  meeting: number;
  people: readonly CheckInPerson[];
  /** Whether the person counts as present on this device (its queue included). */
  isPresent: (personId: string, stored: boolean | null) => boolean;
  /** Marks the person present (queued and sent). */
  markPresent: (personId: string) => void;
  /** The meeting cannot be marked yet. */
  disabled: boolean;
  describedBy: string | undefined;
}

export function DoorPanel(props: DoorPanelProps) {
  const { slug, classId, meeting, people, isPresent, markPresent, disabled } = props;
  const id = useId();
  const call = useApi();
  const [search, setSearch] = useState('');
  const [door, setDoor] = useState<{ text: string; outcome: DoorOutcome } | null>(null);

  const tell = (outcome: DoorOutcome, text: string) => {
    setDoor({ outcome, text });
    // The tones' code comes with the first outcome, out of the staff area's first load.
    void import('../door-signal').then(({ signal }) => signal(outcome));
  };
  const tapAtDoor = (person: CheckInPerson) => {
    const already = isPresent(person.personId, person.present);
    const name = person.name || 'Participante sem nome';
    tell(doorOutcome(already), already ? doorTexts.already(name) : doorTexts.present(name));
    if (!already) markPresent(person.personId);
  };
  const scanned = useCallback(
    async (text: string) => {
      const token = checkInTokenOf(text);
      // Asked of the server (which records whom the volunteer saw); without an answer, the
      // class's sheet on the device finds its own people (decision 097).
      const answer =
        token === null
          ? null
          : await call((t) => checkIn(slug, classId, meeting, token, t)).catch(() => null);
      const result = checkInResult(token, answer, people, isPresent);
      tell(result.outcome, result.text);
      if (result.outcome === 'presente') markPresent(result.personId);
    },
    [call, slug, classId, meeting, people, isPresent, markPresent],
  );

  const found = findByName(people, search);
  return (
    <fieldset disabled={disabled} aria-describedby={props.describedBy} className="staff__door">
      <QrScanner disabled={disabled} onCode={(text) => void scanned(text)} />
      {/* Right under the camera, where the volunteer looks, for a code as for a name tapped. */}
      <p
        role="status"
        className={
          door
            ? `staff__door-outcome staff__door-outcome--${outcomeClass[door.outcome]}`
            : undefined
        }
      >
        {door?.text}
      </p>
      <div className="staff__field">
        <label htmlFor={`${id}-search`}>{doorTexts.search}</label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setDoor(null);
          }}
        />
      </div>
      {search.trim() !== '' && found.length === 0 && (
        <p className="staff__door-outcome staff__door-outcome--none">{doorTexts.notFound}</p>
      )}
      {found.length > 0 && (
        <ul className="plain-list staff__door-results" aria-label="Encontrados">
          {found.map((m) => (
            <li key={m.personId}>
              <button
                type="button"
                className="btn btn-outline staff__door-person"
                onClick={() => tapAtDoor(m)}
              >
                {m.name || 'Participante sem nome'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
