import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ComponentProps } from 'react';
import { cx } from './cx';
import { CloseIcon } from './icons';

/** Spec §1 and §9: toasts close automatically after 5000 ms. Swiped right, off the screen's edge, to dismiss. */
const toastDuration = 5000;

export function ToastProvider({ duration = toastDuration, swipeDirection = 'right', ...props }: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider duration={duration} swipeDirection={swipeDirection} {...props} />;
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return <ToastPrimitive.Viewport data-slot="toast-viewport" className={cx('toast-viewport', className)} {...props} />;
}

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  readonly tone?: ToastTone;
}

export function Toast({ className, tone = 'info', ...props }: ToastProps) {
  return <ToastPrimitive.Root data-slot="toast" data-tone={tone} className={cx('toast', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description data-slot="toast-description" className={cx('toast-description', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close data-slot="toast-close" aria-label="Close" className={cx('toast-close', className)} {...props}>
      <CloseIcon width={16} height={16} />
    </ToastPrimitive.Close>
  );
}
