import { useId } from 'react';
import { siteTimeZoneLabels, siteTimeZones, type SiteTimeZone } from '../../domain/site-time-zone';
import { cx } from '../../ui/cx';
import { Select } from '../../ui/select';
import { siteFieldLabels, timeZoneHint } from './strings';

const options = siteTimeZones.map((zone) => ({ value: zone, label: siteTimeZoneLabels[zone] }));

export interface TimeZonePickerProps {
  readonly value: SiteTimeZone;
  readonly disabled: boolean;
  readonly error: string | undefined;
  readonly onChange: (timeZone: SiteTimeZone) => void;
  readonly onBlur: () => void;
}

/** Issue 55 §3: the clock a site's events show on; the editor machine moves it with the postcode until one is chosen. */
export function TimeZonePicker({ value, disabled, error, onChange, onBlur }: TimeZonePickerProps) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label id={`${id}-label`} htmlFor={id} className="field-label">
        {siteFieldLabels.timeZone}
      </label>
      <Select
        id={id}
        labelledBy={`${id}-label`}
        value={value}
        options={options}
        disabled={disabled}
        invalid={error !== undefined}
        describedBy={cx(`${id}-hint`, error && `${id}-error`)}
        onValueChange={(next) => onChange(next as SiteTimeZone)}
        onBlur={onBlur}
      />
      <p id={`${id}-hint`} className="field-hint">
        {timeZoneHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
