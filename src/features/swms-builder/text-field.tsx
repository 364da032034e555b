import { Field, FieldHint, FieldInput, FieldLabel, FieldTextarea } from '../../ui/field';

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
  readonly multiline?: boolean;
}

/** A labelled text box of a step; long answers get a text area. */
export function TextField({ label, value, onChange, hint, multiline = true }: TextFieldProps) {
  return (
    <Field hasHint={hint !== undefined} className="builder-field">
      <FieldLabel>{label}</FieldLabel>
      {hint ? <FieldHint>{hint}</FieldHint> : null}
      {multiline ? (
        <FieldTextarea value={value} rows={4} maxLength={2000} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <FieldInput value={value} maxLength={2000} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
