/**
 * 'Nova turma' (Coordenação): the form prefilled from the course's latest class with its
 * dates a term later (the server's proposal); staff may change the name, places, enrolment window
 * and first meeting before creating it. A problem sits beside its field.
 */
import type { StaffClass, StaffClassProposal } from '@centro/contracts';
import { useState, type FormEvent } from 'react';
import { useApi } from '~/auth/use-api';
import { createClass } from '../api/classes';
import { newClassFormOf, newClassRequestOf, type NewClassForm as Form } from '~/lib/staff/classes';
import { classMessages, staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { FormFields } from '~/components/staff/staff-field';
import { useFieldForm } from '~/components/staff/use-field-form';

interface NewClassFormProps {
  slug: string;
  proposal: StaffClassProposal;
  onCreated: (created: StaffClass) => void;
  onCancel: () => void;
}

const fields: { name: keyof Form; type: string; hint?: string }[] = [
  { name: 'name', type: 'text' },
  { name: 'places', type: 'number' },
  { name: 'opensAt', type: 'datetime-local', hint: classMessages.opensAtHint },
  { name: 'closesAt', type: 'datetime-local', hint: classMessages.closesAtHint },
  { name: 'firstMeeting', type: 'date' },
];

const isField = (name: string | undefined): name is keyof Form =>
  fields.some((f) => f.name === name);

export function NewClassForm({ slug, proposal, onCreated, onCancel }: NewClassFormProps) {
  const call = useApi();
  const [form, setForm] = useState<Form>(() => newClassFormOf(proposal));
  const { id, inputId, busy, show, run, problemOf, formProblem } = useFieldForm(isField);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = newClassRequestOf(form);
    if (!asked.ok) return show(asked);
    await run(
      async () => onCreated(await call((token) => createClass(slug, asked.request, token))),
      (error) => failureMessage('new class', error, staffMessages.saveFailed),
    );
  };

  return (
    <section className="staff__new-class" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Nova turma</h3>
      <p id={`${id}-hint`}>{classMessages.newClassHint}</p>
      <form className="staff__settings" onSubmit={(event) => void submit(event)} noValidate>
        <FormFields
          fields={fields}
          values={form}
          onChange={(name, value) => setForm((current) => ({ ...current, [name]: value }))}
          inputId={inputId}
          problemOf={problemOf}
        />
        {formProblem && (
          <p className="staff__problem" role="alert">
            {formProblem}
          </p>
        )}
        <div className="staff__actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Criar turma
          </button>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
