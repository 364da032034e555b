/**
 * PpeToggles: the ten PPE values as icon toggle buttons with labels, for forms.
 * Props: `value` (the chosen Ppe values), `onChange(next)` (in the spec's order), `label` (the
 * group's name, e.g. 'PPE Required'), `disabled?`.
 */
import { useId } from 'react';
import { ppeLabels, ppeValues, type Ppe } from '../../domain/ppe';
import { CheckIcon } from '../../ui/icons';
import { PpeIcon } from './ppe-icons';
import './ppe.css';

export interface PpeTogglesProps {
  readonly value: readonly Ppe[];
  readonly onChange: (next: Ppe[]) => void;
  readonly label: string;
  readonly disabled?: boolean;
}

export function PpeToggles({ value, onChange, label, disabled = false }: PpeTogglesProps) {
  const labelId = useId();
  const toggle = (ppe: Ppe) =>
    onChange(ppeValues.filter((candidate) => (candidate === ppe ? !value.includes(candidate) : value.includes(candidate))));
  return (
    <div className="ppe-toggles" data-slot="ppe-toggles">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="ppe-grid">
        {ppeValues.map((ppe) => {
          const pressed = value.includes(ppe);
          return (
            <button
              key={ppe}
              type="button"
              className="ppe-toggle"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => toggle(ppe)}
            >
              <span className="ppe-toggle-check" aria-hidden="true">
                {pressed ? <CheckIcon width={12} height={12} /> : null}
              </span>
              <PpeIcon value={ppe} />
              <span className="ppe-label">{ppeLabels[ppe]}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
