import { useId } from 'react';
import { cx } from '../../ui/cx';
import { siteText } from './strings';
import type { SupervisorsState } from './use-supervisors';

export interface SupervisorPickerProps {
  readonly value: string | null;
  /** The site's current supervisor, listed even before (or if) the company's supervisors load. */
  readonly current: { readonly id: string; readonly name: string } | null;
  readonly supervisors: SupervisorsState;
  readonly disabled: boolean;
  readonly error: string | undefined;
  readonly onChange: (supervisor: string | null) => void;
  readonly onBlur: () => void;
}

export function SupervisorPicker({ value, current, supervisors, disabled, error, onChange, onBlur }: SupervisorPickerProps) {
  const id = useId();
  const listed = supervisors.status === 'ready' ? supervisors.supervisors : [];
  const options = current && !listed.some((option) => option.id === current.id) ? [current, ...listed] : listed;
  const describedBy = cx(`${id}-hint`, error && `${id}-error`);
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="field-label">
        {siteText.siteSupervisor}
      </label>
      <select
        id={id}
        name="supervisor"
        className="input site-select"
        value={value ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{siteText.unallocated}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {supervisors.status === 'failed' ? siteText.supervisorsFailed : siteText.supervisorHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
