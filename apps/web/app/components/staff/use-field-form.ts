/**
 * A staff form's one message at a time: a problem beside its field (which takes the focus,
 * wherever it is in a long form) or under the form, or what the server did. The form's own check
 * goes to `show`; the call to `run`, which is busy while it waits and puts a refusal about one of
 * the form's fields (the API names it) beside that field.
 */
import { useId, useState } from 'react';
import { ApiError } from '~/lib/api-error';

export interface FieldProblem<Field extends string> {
  field: Field | null;
  message: string;
}

type FormOutcome<Field extends string, Done> =
  { kind: 'done'; done: Done } | ({ kind: 'problem' } & FieldProblem<Field>) | null;

export function useFieldForm<Field extends string, Done = void>(
  isField: (name: string | undefined) => name is Field,
  /** A refusal's field as the form names it (a table's row, named by its place in the request). */
  fieldOf: (name: string | undefined) => Field | null = (name) => (isField(name) ? name : null),
) {
  const id = useId();
  const [outcome, setOutcome] = useState<FormOutcome<Field, Done>>(null);
  const [busy, setBusy] = useState(false);
  const inputId = (field: Field) => `${id}-${field}`;
  const show = ({ field, message }: FieldProblem<Field>) => {
    setOutcome({ kind: 'problem', field, message });
    if (field) document.getElementById(inputId(field))?.focus();
  };
  const run = async (send: () => Promise<Done>, failure: (error: unknown) => string) => {
    setOutcome(null);
    setBusy(true);
    try {
      setOutcome({ kind: 'done', done: await send() });
    } catch (error) {
      show({
        field: error instanceof ApiError ? fieldOf(error.field) : null,
        message: failure(error),
      });
    } finally {
      setBusy(false);
    }
  };
  const problem = outcome?.kind === 'problem' ? outcome : null;
  return {
    id,
    inputId,
    busy,
    show,
    run,
    /** What the last call gave back, until the next submission. */
    done: outcome?.kind === 'done' ? outcome.done : null,
    /** The problem beside `field`, if any. */
    problemOf: (field: Field) => (problem?.field === field ? problem.message : null),
    /** The problem about no field, shown under the form. */
    formProblem: problem?.field === null ? problem.message : null,
  };
}
