/**
 * A staff form's field: its label, its control, the problem beside it (pt-BR, announced) and its
 * hint, tied to the control by `aria-describedby` (the problem first). The control is the
 * caller's, given the attributes that tie it: `<StaffField …>{(tie) => <input {...tie} … />}`.
 */
import { FIELD_LABELS, type LabelledField } from '@centro/contracts/field-labels';
import type { ReactNode } from 'react';

export interface FieldTie {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface StaffFieldProps {
  /** The control's id; the problem's and the hint's are made from it. */
  inputId: string;
  label: ReactNode;
  problem: string | null;
  /** Shown under the control (absent: none). */
  hint?: ReactNode;
  children: (tie: FieldTie) => ReactNode;
}

export function StaffField({ inputId, label, problem, hint, children }: StaffFieldProps) {
  const problemId = `${inputId}-problem`;
  const hintId = `${inputId}-hint`;
  const describedBy = [problem && problemId, hint !== undefined && hintId].filter(Boolean);
  return (
    <div className="staff__field">
      <label htmlFor={inputId}>{label}</label>
      {children({
        id: inputId,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
      })}
      {problem && (
        <p className="staff__problem" id={problemId} role="alert">
          {problem}
        </p>
      )}
      {hint !== undefined && <small id={hintId}>{hint}</small>}
    </div>
  );
}

interface FormFieldsProps<Name extends LabelledField> {
  /** The inputs, in order: each field's input type and, when it has one, its hint. */
  fields: readonly { name: Name; type: string; hint?: ReactNode }[];
  values: Record<Name, string>;
  onChange: (name: Name, value: string) => void;
  inputId: (name: Name) => string;
  problemOf: (name: Name) => string | null;
  /** The hints, when they come from elsewhere than `fields`. */
  hintOf?: (name: Name) => ReactNode;
}

/** A form held as texts by field name: a labelled input a field, numbers from 1. */
export function FormFields<Name extends LabelledField>(props: FormFieldsProps<Name>) {
  const { fields, values, onChange, inputId, problemOf, hintOf } = props;
  return fields.map(({ name, type, hint }) => (
    <StaffField
      key={name}
      inputId={inputId(name)}
      label={FIELD_LABELS[name]}
      problem={problemOf(name)}
      hint={hintOf ? hintOf(name) : hint}
    >
      {(tie) => (
        <input
          {...tie}
          name={name}
          type={type}
          inputMode={type === 'number' ? 'numeric' : undefined}
          min={type === 'number' ? 1 : undefined}
          value={values[name]}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      )}
    </StaffField>
  ));
}
