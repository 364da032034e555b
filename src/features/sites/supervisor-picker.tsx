import { useId } from 'react';
import { cx } from '../../ui/cx';
import { Select } from '../../ui/select';
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
  const shown = current && !listed.some((option) => option.id === current.id) ? [current, ...listed] : listed;
  const options = [{ value: '', label: siteText.unallocated }, ...shown.map((supervisor) => ({ value: supervisor.id, label: supervisor.name }))];
  const describedBy = cx(`${id}-hint`, error && `${id}-error`);
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label id={`${id}-label`} htmlFor={id} className="field-label">
        {siteText.siteSupervisor}
      </label>
      <Select
        id={id}
        labelledBy={`${id}-label`}
        value={value ?? ''}
        options={options}
        disabled={disabled}
        invalid={error !== undefined}
        describedBy={describedBy}
        onValueChange={(next) => onChange(next === '' ? null : next)}
        onBlur={onBlur}
      />
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
