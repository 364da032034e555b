/**
 * StatusMenu: the spec §4 'Change Status' menu (Radix DropdownMenu) for bulk and single changes.
 * Props: `options: { status, disabled }[]` (from `statusOptions` / `statusOptionsFor` of
 * machines/bulk-selection.selectors), `labels` (status -> label), `disabled` (the whole menu, e.g.
 * nothing selected), `busy` (a change is running: disabled, with a spinner), `onChoose(status)`,
 * `label` ('Change Status' by default), `currentLabel` (optional text beside the label).
 *
 * Issue 11: the menu's code (Radix, with its positioning) is not part of the screen. The button shows
 * at once; the menu loads when the browser is idle after the screen shows, or at the first press or
 * focus, whichever comes first, and a press made before it arrived opens it as it arrives.
 */
import type { KeyboardEvent, PointerEvent } from 'react';
import { Button } from '../../ui/button';
import { ChevronDownIcon } from '../../ui/icons';
import { onDemand, useOnDemandControl } from '../../ui/on-demand';
import type { StatusMenuProps } from './status-menu-props';
import './status-menu.css';

export type {  StatusMenuProps } from './status-menu-props';

const statusMenuText = { changeStatus: 'Change Status' } as const;

const popupSource = onDemand(() => import('./status-menu-popup'));

/** The keys that open a Radix menu from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

export function StatusMenu<TStatus extends string>({
  options,
  labels,
  onChoose,
  disabled = false,
  busy = false,
  label = statusMenuText.changeStatus,
  variant = 'secondary',
}: StatusMenuProps<TStatus>) {
  const { module: popup, placeholder, openAtStart, focusAtStart, load, press } = useOnDemandControl(popupSource);

  if (popup) {
    const { StatusMenuPopup } = popup;
    return (
      <StatusMenuPopup
        options={options}
        labels={labels}
        onChoose={onChoose}
        disabled={disabled}
        busy={busy}
        label={label}
        variant={variant}
        openAtStart={openAtStart}
        focusAtStart={focusAtStart}
      />
    );
  }

  return (
    <Button
      ref={placeholder}
      variant={variant}
      className="status-menu-trigger"
      aria-busy={busy || undefined}
      aria-haspopup="menu"
      aria-expanded={false}
      disabled={disabled || busy}
      onFocus={load}
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) press();
      }}
      onClick={press}
      onKeyDown={(event: KeyboardEvent) => {
        if (!openingKeys.has(event.key)) return;
        event.preventDefault();
        press();
      }}
    >
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {label}
      <ChevronDownIcon width={16} height={16} />
    </Button>
  );
}
