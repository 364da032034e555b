import type { ComponentProps, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Button } from './button';
import { cx } from './cx';
import { AlertIcon, ArrowLeftIcon, InboxIcon, ShieldIcon } from './icons';

export const statusMessages = {
  loading: 'Loading, Please Wait',
  empty: 'No Data Found',
  error: 'Something went wrong :(',
  retry: 'Try again',
  back: 'Back',
} as const;

export interface LoadingStateProps extends ComponentProps<'div'> {
  readonly fullScreen?: boolean;
}

export function LoadingState({ className, fullScreen = false, ...props }: LoadingStateProps) {
  return (
    <div
      data-slot="loading-state"
      role="status"
      aria-live="polite"
      data-full-screen={fullScreen ? '' : undefined}
      className={cx('status-state', className)}
      {...props}
    >
      <span className="spinner" aria-hidden="true" />
      <p className="status-state-title">{statusMessages.loading}</p>
    </div>
  );
}

export interface EmptyStateProps extends ComponentProps<'div'> {
  /** A line on why nothing shows and what to do about it (issue 13 §3: an empty table gives a hint). */
  readonly detail?: ReactNode;
  readonly action?: ReactNode;
}

export function EmptyState({ className, children = statusMessages.empty, detail, action, ...props }: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cx('status-state', className)} {...props}>
      <InboxIcon className="status-state-icon" width={32} height={32} />
      <p className="status-state-title">{children}</p>
      {detail ? <p className="status-state-detail">{detail}</p> : null}
      {action}
    </div>
  );
}

export interface ErrorStateProps extends ComponentProps<'div'> {
  readonly detail?: ReactNode;
  /** What 'Try again' does: the screen's own reload when it has one, else the page loads again; false offers none. */
  readonly onRetry?: (() => void) | false;
}

const reloadPage = () => window.location.reload();

export function ErrorState({ className, children = statusMessages.error, detail, onRetry = reloadPage, ...props }: ErrorStateProps) {
  return (
    <div data-slot="error-state" role="alert" className={cx('status-state', className)} data-tone="error" {...props}>
      <AlertIcon className="status-state-icon" width={32} height={32} />
      <p className="status-state-title">{children}</p>
      {detail ? <p className="status-state-detail">{detail}</p> : null}
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {statusMessages.retry}
        </Button>
      ) : null}
    </div>
  );
}

export interface MessageScreenProps extends Omit<ComponentProps<'main'>, 'title'> {
  readonly title: ReactNode;
  readonly actions?: ReactNode;
}

export function MessageScreen({ className, title, actions, children, ...props }: MessageScreenProps) {
  return (
    <main data-slot="message-screen" className={cx('message-screen', className)} {...props}>
      <div className="message-screen-panel">
        <ShieldIcon className="message-screen-icon" width={40} height={40} />
        <h1 className="message-screen-title">{title}</h1>
        {children}
        {actions ? <div className="message-screen-actions">{actions}</div> : null}
      </div>
    </main>
  );
}

export function BackLink({ className, children = statusMessages.back, ...props }: LinkProps) {
  return (
    <Link data-slot="back-link" className={cx('back-link', className)} {...props}>
      <ArrowLeftIcon width={16} height={16} />
      {children}
    </Link>
  );
}
