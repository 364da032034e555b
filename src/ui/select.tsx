/**
 * Select: the portal's one select (issue 13 §3), a Radix Select over `{ value, label }` options, so
 * every list filter, sort and picker has the same keyboard (arrows, Home/End, typeahead, Escape) and
 * screen-reader behaviour (a combobox named by its label, reading its value, opening a listbox).
 * Props: `value`, `options`, `onValueChange(value)`; a name, either `labelledBy` (the id of a visible
 * <label>, whose `htmlFor` is this select's `id`) or `label` (an aria-label when nothing visible names
 * it); optional `id`, `disabled`, `invalid`, `describedBy`, `onBlur` (focus left a closed select),
 * `className` (added to the trigger). '' is a value like any other (no filter, no supervisor).
 *
 * Issue 11: Radix's select (with its positioning) is not part of the screen. The trigger shows at once
 * as a plain button that looks and is named the same; the Radix select loads when the browser is idle
 * after the screen shows, or at the first press or focus, whichever comes first. A press made before
 * it arrived (pointer, Enter, Space, arrows) opens it as it arrives; focus stays on the trigger.
 */
import { useId, type KeyboardEvent, type PointerEvent } from 'react';
import { cx } from './cx';
import { onDemand, useOnDemandControl } from './on-demand';
import { SelectTriggerContent, type SelectOption, type SelectTriggerProps } from './select-trigger';

export type { SelectOption,  } from './select-trigger';

interface SelectBaseProps {
  readonly id?: string;
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onValueChange: (value: string) => void;
  readonly disabled?: boolean;
  readonly invalid?: boolean;
  readonly describedBy?: string;
  readonly onBlur?: () => void;
  readonly className?: string;
}

export type SelectProps = SelectBaseProps &
  ({ readonly labelledBy: string; readonly label?: undefined } | { readonly label: string; readonly labelledBy?: undefined });

const selectedLabel = (options: readonly SelectOption[], value: string) => options.find((option) => option.value === value)?.label ?? '';

/**
 * As wide as its longest option at least (as a native select is), so the control does not jump when
 * the value changes; never wider than its container.
 */
export const selectWidth = (options: readonly Pick<SelectOption, 'label'>[]) => `calc(${Math.max(0, ...options.map((option) => option.label.length))}ch + 3rem)`;

const triggerMinWidth = (options: readonly SelectOption[]) => `min(${selectWidth(options)}, 100%)`;

const popupSource = onDemand(() => import('./select-popup'));

/** The keys that open a Radix select from its trigger. */
const openingKeys = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp']);

export function Select({ id, value, options, onValueChange, disabled = false, invalid = false, describedBy, onBlur, className, labelledBy, label }: SelectProps) {
  const ownId = useId();
  const { module: popup, placeholder, openAtStart, focusAtStart, load, press } = useOnDemandControl(popupSource);

  const trigger: SelectTriggerProps = {
    id: id ?? ownId,
    className: cx('input select-trigger', className),
    'aria-labelledby': labelledBy,
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    disabled,
    style: { minWidth: triggerMinWidth(options) },
  };
  const text = selectedLabel(options, value);

  if (popup) {
    const { SelectPopup } = popup;
    return (
      <SelectPopup
        trigger={trigger}
        text={text}
        value={value}
        options={options}
        onValueChange={onValueChange}
        onBlur={onBlur}
        openAtStart={openAtStart}
        focusAtStart={focusAtStart}
      />
    );
  }

  return (
    <button
      ref={placeholder}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-slot="select-trigger"
      data-state="closed"
      {...trigger}
      onFocus={load}
      onBlur={onBlur}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        // As Radix does: a mouse opens the list as it presses (touch as it taps), the button keeps the focus.
        if (event.pointerType !== 'mouse' || event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        event.currentTarget.focus();
        press();
      }}
      onClick={press}
      onKeyDown={(event: KeyboardEvent) => {
        if (!openingKeys.has(event.key)) return;
        event.preventDefault();
        press();
      }}
    >
      <SelectTriggerContent text={text} />
    </button>
  );
}
