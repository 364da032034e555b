import { useId } from 'react';
import { Select, selectWidth } from '../../ui/select';

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
    // Room for the label and the select's widest option: the select's own least width is a share of this row's.
    <div className="data-table-filter" data-slot="data-table-filter" style={{ minWidth: `calc(${selectWidth(options)} + ${label.length + 1}ch)` }}>
      <label id={`${id}-label`} htmlFor={id} className="data-table-filter-label">
        {label}
      </label>
      <Select id={id} labelledBy={`${id}-label`} className="data-table-filter-select" value={value} options={options} onValueChange={onChange} />
    </div>
  );
}
