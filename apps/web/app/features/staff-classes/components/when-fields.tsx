import { thenLabels } from '../meeting-texts';

/** A date and a time (or two dates) side by side, each required: the meetings' and recesses' forms. */
export interface WhenField {
  id: string;
  label: string;
  type: 'date' | 'time';
  value: string;
  onChange: (value: string) => void;
}

export function WhenFields({ fields }: { fields: readonly WhenField[] }) {
  return (
    <div className="staff__meeting-when-fields">
      {fields.map((field) => (
        <div key={field.id} className="staff__field">
          <label htmlFor={field.id}>{field.label}</label>
          <input
            id={field.id}
            type={field.type}
            required
            value={field.value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
          />
        </div>
      ))}
    </div>
  );
}

/** What a skipped date does to a class: it ends a week later, or has one meeting fewer. */
export function ThenChoice({
  legend,
  name,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  value: 'later' | 'fewer';
  onChange: (value: 'later' | 'fewer') => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {(['later', 'fewer'] as const).map((option) => (
        <label key={option} className="staff__check">
          <input
            type="radio"
            name={name}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {thenLabels[option]}
        </label>
      ))}
    </fieldset>
  );
}
