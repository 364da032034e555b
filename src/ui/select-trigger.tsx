/** The pieces Select (./select.tsx) and its Radix popup (./select-popup.tsx) both draw the trigger with. */
import { ChevronDownIcon } from './icons';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** What the trigger carries whether Radix has arrived or not. */
export interface SelectTriggerProps {
  readonly id: string;
  readonly className: string;
  readonly 'aria-labelledby': string | undefined;
  readonly 'aria-label': string | undefined;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
  readonly disabled: boolean;
  readonly style: { readonly minWidth: string };
}

export function SelectTriggerContent({ text }: { readonly text: string }) {
  return (
    <>
      <span className="select-value">{text}</span>
      <ChevronDownIcon className="select-chevron" width={16} height={16} aria-hidden="true" />
    </>
  );
}
