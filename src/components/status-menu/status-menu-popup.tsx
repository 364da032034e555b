/**
 * The Radix DropdownMenu behind StatusMenu, in its own chunk (issue 11: the menu code arrives after the
 * screen shows). `openAtStart` opens it as it mounts, for a press on the placeholder before it arrived;
 * `focusAtStart` moves focus onto its trigger when the placeholder had it.
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { ChevronDownIcon } from '../../ui/icons';
import type { StatusMenuProps } from './status-menu-props';

export interface StatusMenuPopupProps<TStatus extends string> extends Required<Omit<StatusMenuProps<TStatus>, 'label' | 'variant'>> {
  readonly label: string;
  readonly variant: 'primary' | 'secondary';
  readonly openAtStart: boolean;
  readonly focusAtStart: boolean;
}

export function StatusMenuPopup<TStatus extends string>({ options, labels, onChoose, disabled, busy, label, variant, openAtStart, focusAtStart }: StatusMenuPopupProps<TStatus>) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Read once, as it mounts: an open menu takes the focus itself.
  const focusTrigger = useRef(focusAtStart && !openAtStart);
  useEffect(() => {
    if (focusTrigger.current) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu modal={false} defaultOpen={openAtStart}>
      <DropdownMenuTrigger asChild disabled={disabled || busy}>
        <Button ref={trigger} variant={variant} className="status-menu-trigger" aria-busy={busy || undefined}>
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
