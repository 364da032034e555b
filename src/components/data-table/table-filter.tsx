import { useId } from 'react';
import { Select } from '../../ui/select';

interface TableFilterOption {
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

/** A list's labelled select (a status filter, an audit action): the portal's one Select. */
export function TableFilter({ label, value, options, onChange }: TableFilterProps) {
  const id = useId();
  return (
    <div className="data-table-filter" data-slot="data-table-filter">
      <label id={`${id}-label`} htmlFor={id} className="data-table-filter-label">
        {label}
      </label>
      <Select id={id} labelledBy={`${id}-label`} className="data-table-filter-select" value={value} options={options} onValueChange={onChange} />
    </div>
  );
}
