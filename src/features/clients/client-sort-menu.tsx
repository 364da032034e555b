import { companySortOptions, type CompanySortKey } from '../../domain/company';
import { Select } from '../../ui/select';
import { clientText } from './strings';

export interface ClientSortMenuProps {
  readonly value: CompanySortKey;
  readonly onChange: (sort: CompanySortKey) => void;
}

const options = companySortOptions.map((option) => ({ value: option.key, label: option.label }));

/** Spec §2: 'Sort Most Recent', 'Sort A-Z', 'Sort Z-A'; the portal's one Select, named 'Sort' (its options say what they do). */
export function ClientSortMenu({ value, onChange }: ClientSortMenuProps) {
  return (
    <Select
      label={clientText.sortBy}
      value={value}
      options={options}
      onValueChange={(key) => {
        const chosen = companySortOptions.find((option) => option.key === key);
        if (chosen) onChange(chosen.key);
      }}
    />
  );
}
