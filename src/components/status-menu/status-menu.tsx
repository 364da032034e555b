/**
 * StatusMenu: the spec §4 'Change Status' menu (Radix DropdownMenu) for bulk and single changes.
 * Props: `options: { status, disabled }[]` (from `statusOptions` / `statusOptionsFor` of
 * machines/bulk-selection.selectors), `labels` (status -> label), `disabled` (the whole menu, e.g.
 * nothing selected), `busy` (a change is running: disabled, with a spinner), `onChoose(status)`,
 * `label` ('Change Status' by default), `currentLabel` (optional text beside the label).
 */
import { Button } from '../../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { ChevronDownIcon } from '../../ui/icons';
import './status-menu.css';

export const statusMenuText = { changeStatus: 'Change Status' } as const;

export interface StatusMenuOption<TStatus extends string> {
  readonly status: TStatus;
  readonly disabled: boolean;
}

export interface StatusMenuProps<TStatus extends string> {
  readonly options: readonly StatusMenuOption<TStatus>[];
  readonly labels: Readonly<Record<TStatus, string>>;
  readonly onChoose: (status: TStatus) => void;
  readonly disabled?: boolean;
  readonly busy?: boolean;
  readonly label?: string;
  readonly variant?: 'primary' | 'secondary';
}

export function StatusMenu<TStatus extends string>({
  options,
  labels,
  onChoose,
  disabled = false,
  busy = false,
  label = statusMenuText.changeStatus,
  variant = 'secondary',
}: StatusMenuProps<TStatus>) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={disabled || busy}>
        <Button variant={variant} className="status-menu-trigger" aria-busy={busy || undefined}>
          {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
          {label}
          <ChevronDownIcon width={16} height={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="status-menu-content">
        {options.map((option) => (
          <DropdownMenuItem key={option.status} disabled={option.disabled} onSelect={() => onChoose(option.status)}>
            <span className="status-menu-dot" data-status={option.status} aria-hidden="true" />
            {labels[option.status]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
