import * as DialogPrimitive from '@radix-ui/react-dialog';
import { createContext, useContext, type ComponentProps, type RefObject } from 'react';
import { cx } from './cx';
import { CloseIcon } from './icons';

/**
 * The Radix dialog behind every dialog of the portal, in its own chunk: screens draw it through
 * OnDemandDialog (./dialog-on-demand), which fetches it after the screen shows (issue 11).
 */
const ReturnFocus = createContext<RefObject<HTMLElement | null> | undefined>(undefined);

export interface DialogProps extends ComponentProps<typeof DialogPrimitive.Root> {
  /** The button that opened the dialog (drawn outside Radix's trigger): it takes the focus back as the dialog closes. */
  readonly returnFocusTo?: RefObject<HTMLElement | null>;
}

export function Dialog({ returnFocusTo, ...props }: DialogProps) {
  return (
    <ReturnFocus.Provider value={returnFocusTo}>
      <DialogPrimitive.Root data-slot="dialog" {...props} />
    </ReturnFocus.Provider>
  );
}

export function DialogPortal(props: ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay data-slot="dialog-overlay" className={cx('dialog-overlay', className)} {...props} />;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  readonly variant?: 'centered' | 'drawer';
  readonly closeLabel?: string;
}

export function DialogContent({ className, children, variant = 'centered', closeLabel = 'Close', onCloseAutoFocus, ...props }: DialogContentProps) {
  const returnFocusTo = useContext(ReturnFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-variant={variant}
        className={cx('dialog-content', className)}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="dialog-close" aria-label={closeLabel}>
          <CloseIcon />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cx('dialog-header', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={cx('dialog-footer', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cx('dialog-title', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description data-slot="dialog-description" className={cx('dialog-description', className)} {...props} />
  );
}
