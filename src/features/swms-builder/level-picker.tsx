import { useId } from 'react';
import { colourStyle, describeLevel, scaleStepColours, type Scale } from '../../components/risk/risk-levels';

export interface LevelPickerProps {
  readonly legend: string;
  readonly scale: Scale;
  readonly value: number | null;
  readonly onChange: (level: number) => void;
}

/** Spec §9 scale as five large radio rows, each level in its colour and its words. */
export function LevelPicker({ legend, scale, value, onChange }: LevelPickerProps) {
  const name = useId();
  return (
    <fieldset className="level-picker">
      <legend className="field-label">{legend}</legend>
      {scale.map((entry, index) => {
        const colour = scaleStepColours[index] ?? scaleStepColours[0];
        const id = `${name}-${entry.level}`;
        return (
          <label key={entry.level} className="level-row" htmlFor={id} data-checked={value === entry.level ? '' : undefined}>
            <input
              id={id}
              type="radio"
              name={name}
              className="level-radio"
              value={entry.level}
              checked={value === entry.level}
              onChange={() => onChange(entry.level)}
              aria-label={describeLevel(entry)}
            />
            <span className="level-chip" style={colourStyle(colour)} aria-hidden="true">
              {entry.level}
            </span>
            <span className="level-text" aria-hidden="true">
              <strong>{entry.label}</strong> <span>({entry.detail})</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
