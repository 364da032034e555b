import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { guardLeaving } from './leave-blocker';
import { leaveGuardText } from './strings';

export interface LeaveGuardProps {
  /** Something was typed and not saved; a function is asked at the moment of leaving (a save's own move on is never asked about). */
  readonly when: boolean | (() => boolean);
  /** Run as the user confirms leaving, before the page goes: a form that keeps a draft forgets it, as the question says. */
  readonly onLeave?: () => void;
}

const unsaved = (when: LeaveGuardProps['when']) => (typeof when === 'function' ? when() : when);

/**
 * Issue 55 §7: leaving a half-filled form asks first: a link, Back or a redirect in the app (through the
 * guarded history, src/app/routing/guarded-history.ts) opens a confirm dialog, and closing or reloading the
 * tab asks the browser's own question.
 */
export function LeaveGuard({ when, onLeave }: LeaveGuardProps) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  });

  useEffect(() => guardLeaving({ hasUnsavedChanges: () => unsaved(whenRef.current), ask: (leave) => setPending(() => leave) }), []);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved(whenRef.current)) return;
      event.preventDefault();
      // Chromium before 119 and Safari ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <ConfirmDialog
      open={pending !== null}
      busy={false}
      title={leaveGuardText.title}
      lead={leaveGuardText.lead}
      cancelLabel={leaveGuardText.stay}
      confirmLabel={leaveGuardText.leave}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const leave = pending;
        setPending(null);
        onLeave?.();
        leave?.();
      }}
    />
  );
}
