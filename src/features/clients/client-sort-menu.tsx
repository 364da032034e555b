import { companySortOptions, type CompanySortKey } from '../../domain/company';
import { Button } from '../../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { ChevronDownIcon } from '../../ui/icons';
import { clientText } from './strings';

export interface ClientSortMenuProps {
  readonly value: CompanySortKey;
  readonly onChange: (sort: CompanySortKey) => void;
}

/** Spec §2: 'Sort Most Recent', 'Sort A-Z', 'Sort Z-A'. */
export function ClientSortMenu({ value, onChange }: ClientSortMenuProps) {
  const current = companySortOptions.find((option) => option.key === value) ?? companySortOptions[0];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" aria-label={`${clientText.sortBy}: ${current?.label ?? ''}`}>
          {current?.label}
          <ChevronDownIcon width={16} height={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={value} onValueChange={(key) => onChange(key as CompanySortKey)}>
          {companySortOptions.map((option) => (
            <DropdownMenuRadioItem key={option.key} value={option.key}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
