import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type * as DialogModule from './dialog';
import { onDemand } from './on-demand';
import { whenIdle } from './when-idle';

/**
 * Issue 11: Radix's dialog (its focus trap, scroll lock, portal and layers) is not part of any
 * screen's first load. A screen that offers a dialog shows its button at once and fetches the dialog's
 * code when the browser is idle after the screen shows, while the screen is known to be online (the
 * SWMS builder goes on being used offline), or as the dialog opens, whichever comes first.
 */
const dialogSource = onDemand(() => import('./dialog'));

type DialogParts = typeof DialogModule;

/** What the button that opens the dialog is given: focus returns to it as the dialog closes. */
interface DialogTriggerProps {
  readonly ref: RefObject<HTMLButtonElement | null>;
  readonly onClick: () => void;
  readonly 'aria-haspopup': 'dialog';
  readonly 'aria-expanded': boolean;
}

export interface OnDemandDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; a dialog opened by the screen itself (a confirmation) has none. */
  readonly trigger?: (props: DialogTriggerProps) => ReactNode;
  /** The dialog's content, drawn with the dialog's parts once they have arrived. */
  readonly children: (parts: DialogParts) => ReactNode;
}

export function OnDemandDialog({ open, onOpenChange, trigger, children }: OnDemandDialogProps) {
  const [parts, setParts] = useState(dialogSource.loaded);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onOpenChange);
  useEffect(() => {
    closeRef.current = onOpenChange;
  });

  useEffect(() => {
    if (parts) return undefined;
    let current = true;
    const load = () => {
      dialogSource.load().then(
        (arrived) => current && setParts(() => arrived),
        (error: unknown) => {
          console.error(error);
          // A dialog asked for whose code cannot be fetched (offline before it arrived, or a deploy removed it)
          // closes again, so that the next press, or the screen asking again, tries again.
          if (current && open) closeRef.current(false);
        },
      );
    };
    if (open) {
      load();
      return () => {
        current = false;
      };
    }
    const cancel = whenIdle(load);
    return () => {
      current = false;
      cancel();
    };
  }, [parts, open]);

  return (
    <>
      {trigger?.({ ref: triggerRef, onClick: () => onOpenChange(true), 'aria-haspopup': 'dialog', 'aria-expanded': open })}
      {parts ? (
        <parts.Dialog open={open} onOpenChange={onOpenChange} returnFocusTo={trigger ? triggerRef : undefined}>
          {children(parts)}
        </parts.Dialog>
      ) : null}
    </>
  );
}
