/**
 * The Radix Select behind Select (./select.tsx), in its own chunk (issue 11: it arrives after the
 * screen shows). `openAtStart` opens it as it mounts, for a press on the placeholder before it
 * arrived; `focusAtStart` moves focus onto its trigger when the placeholder had it.
 */
import * as SelectPrimitive from '@radix-ui/react-select';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon } from './icons';
import { SelectTriggerContent, type SelectOption, type SelectTriggerProps } from './select-trigger';

/** Radix reserves '' for "nothing chosen"; the portal's '' (no filter, no supervisor) is an option like the others. */
const emptyValue = '\u0000empty';
const toRadix = (value: string) => (value === '' ? emptyValue : value);
const fromRadix = (value: string) => (value === emptyValue ? '' : value);

/** The list's own <style> (hidden scrollbars) carries the page's CSP nonce, which src/csp-nonce.ts keeps. */
const styleNonce = () => (window as Window & { __webpack_nonce__?: string }).__webpack_nonce__;

export interface SelectPopupProps {
  readonly trigger: SelectTriggerProps;
  readonly text: string;
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onValueChange: (value: string) => void;
  readonly onBlur: (() => void) | undefined;
  readonly openAtStart: boolean;
  readonly focusAtStart: boolean;
}

export function SelectPopup({ trigger, text, value, options, onValueChange, onBlur, openAtStart, focusAtStart }: SelectPopupProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(openAtStart && !trigger.disabled);
  // Read once, as it mounts: an open list takes the focus itself.
  const focusTrigger = useRef(focusAtStart && !openAtStart);
  useEffect(() => {
    if (focusTrigger.current) triggerRef.current?.focus();
  }, []);
  return (
    <SelectPrimitive.Root
      value={toRadix(value)}
      onValueChange={(next) => onValueChange(fromRadix(next))}
      open={open}
      onOpenChange={setOpen}
      disabled={trigger.disabled}
    >
      <SelectPrimitive.Trigger
        ref={triggerRef}
        data-slot="select-trigger"
        {...trigger}
        // Opening moves focus into the list: only leaving a closed select is a blur.
        onBlur={() => (open ? undefined : onBlur?.())}
      >
        <SelectTriggerContent text={text} />
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content data-slot="select-content" className="menu-content select-content" position="popper" sideOffset={4} align="start">
          <SelectPrimitive.Viewport nonce={styleNonce()}>
            {options.map((option) => (
              <SelectPrimitive.Item key={option.value} value={toRadix(option.value)} className="menu-item" data-slot="select-item">
                <span className="menu-item-indicator">
                  <SelectPrimitive.ItemIndicator>
                    <CheckIcon width={16} height={16} />
                  </SelectPrimitive.ItemIndicator>
                </span>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
