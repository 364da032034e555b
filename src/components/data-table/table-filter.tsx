import { useId } from 'react';

export interface TableFilterOption {
  /** '' stands for no filter. */
  readonly value: string;
  readonly label: string;
}

export interface TableFilterProps {
  readonly label: string;
  readonly value: string;
  readonly options: readonly TableFilterOption[];
  readonly onChange: (value: string) => void;
}

export function TableFilter({ label, value, options, onChange }: TableFilterProps) {
  const id = useId();
  return (
    <div className="data-table-filter" data-slot="data-table-filter">
      <label htmlFor={id} className="data-table-filter-label">
        {label}
      </label>
      <select id={id} className="input data-table-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
