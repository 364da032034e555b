/** What the mounted guard says when asked whether leaving now loses typing, and how it asks the user. */
export interface LeaveGuardRegistration {
  readonly hasUnsavedChanges: () => boolean;
  readonly ask: (leave: () => void) => void;
}

let current: LeaveGuardRegistration | null = null;

/** Issue 55 §7: a form with unsaved typing guards every way out of the screen; one form at a time. */
export function guardLeaving(registration: LeaveGuardRegistration): () => void {
  current = registration;
  return () => {
    if (current === registration) current = null;
  };
}

/** The form's own Cancel: the user chose to drop what they typed, so leaving is not asked about. */
export function discardTyping(): void {
  current = null;
}

/** Whether leaving now would lose typing (for Back and Forward, which cannot wait to be asked). */
export const hasUnsavedTyping = () => current?.hasUnsavedChanges() ?? false;

/**
 * Leaves at once when nothing typed would be lost; otherwise the guard asks, and leaving goes on only when
 * the user confirms (the guard is dropped first, so leaving is not asked about twice). The question is
 * asked after the current step settles, so a save that succeeded and moves on is never asked about.
 */
export function leaveOrAsk(leave: () => void): void {
  const asked = current;
  if (!asked) {
    leave();
    return;
  }
  queueMicrotask(() => {
    if (current !== asked || !asked.hasUnsavedChanges()) {
      leave();
      return;
    }
    asked.ask(() => {
      if (current === asked) current = null;
      leave();
    });
  });
}
