/**
 * A person without an account, told at the desk or at the door (decisions 095 and 096): name,
 * phone, optional e-mail, and the consent read aloud, whose exact wording is sent back with the
 * person so the server keeps the one shown.
 */
import { DESK_CONSENT_TEXT } from '@centro/contracts/desk';
import { useId } from 'react';
import { deskTexts } from '../desk-copy';

export interface NewPerson {
  name: string;
  phone: string;
  email: string;
  agreed: boolean;
}

export const NO_PERSON: NewPerson = { name: '', phone: '', email: '', agreed: false };

/** The request's `person`, once the consent is ticked. */
export const personRequest = (person: NewPerson) => ({
  name: person.name,
  phone: person.phone,
  email: person.email,
  consentText: DESK_CONSENT_TEXT,
});

export function NewPersonFields({
  person,
  onChange,
}: {
  person: NewPerson;
  onChange: (person: NewPerson) => void;
}) {
  const id = useId();
  const set = (change: Partial<NewPerson>) => onChange({ ...person, ...change });
  return (
    <>
      <div className="staff__field">
        <label htmlFor={`${id}-name`}>{deskTexts.name}</label>
        <input
          id={`${id}-name`}
          autoComplete="off"
          required
          value={person.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
      </div>
      <div className="staff__field">
        <label htmlFor={`${id}-phone`}>{deskTexts.phone}</label>
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={person.phone}
          onChange={(event) => set({ phone: event.currentTarget.value })}
        />
      </div>
      <div className="staff__field">
        <label htmlFor={`${id}-email`}>{deskTexts.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          aria-describedby={`${id}-email-hint`}
          value={person.email}
          onChange={(event) => set({ email: event.currentTarget.value })}
        />
        <small id={`${id}-email-hint`}>{deskTexts.emailHint}</small>
      </div>
      <div className="staff__consent">
        <p>
          <strong>{deskTexts.readAloud}</strong>
        </p>
        <blockquote>{DESK_CONSENT_TEXT}</blockquote>
        <label>
          <input
            type="checkbox"
            checked={person.agreed}
            onChange={(event) => set({ agreed: event.currentTarget.checked })}
          />{' '}
          {deskTexts.agreed}
        </label>
      </div>
    </>
  );
}
