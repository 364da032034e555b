import type { ComponentProps } from 'react';
import { Field, FieldError, FieldInput, FieldLabel } from '../../ui/field';
import type { ProfileField } from '../../domain/profile-form';
import { profileFieldLabels } from './strings';

const inputProps: Partial<Record<ProfileField, ComponentProps<'input'>>> = {
  firstName: { autoComplete: 'given-name' },
  surname: { autoComplete: 'family-name' },
  contactEmail: { type: 'email', autoComplete: 'email', placeholder: 'name@company.com.au' },
  phone: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', placeholder: '0412345678' },
  emergencyContactName: { autoComplete: 'off' },
  emergencyContactPhone: { type: 'tel', inputMode: 'numeric', autoComplete: 'off', placeholder: '0412345678' },
  whitecardNumber: { autoComplete: 'off' },
  tradeQualifications: { autoComplete: 'off' },
};

export interface ProfileFieldInputProps {
  readonly field: ProfileField;
  readonly value: string;
  readonly error: string | undefined;
  readonly disabled: boolean;
  readonly onChange: (field: ProfileField, value: string) => void;
  readonly onBlur: (field: ProfileField) => void;
}

export function ProfileFieldInput({ field, value, error, disabled, onChange, onBlur }: ProfileFieldInputProps) {
  return (
    <Field error={error}>
      <FieldLabel>{profileFieldLabels[field]}</FieldLabel>
      <FieldInput
        name={field}
        value={value}
        required
        disabled={disabled}
        onChange={(event) => onChange(field, event.target.value)}
        onBlur={() => onBlur(field)}
        {...inputProps[field]}
      />
      <FieldError />
    </Field>
  );
}
