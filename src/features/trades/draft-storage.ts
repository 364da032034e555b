import { readDraft, type TradesProfileValues } from '../../domain/trades-profile-form';

/** One draft per signed-in user, so a shared phone never shows one person's details to another. */
const draftKey = (userId: string) => `tradesProfileDraft:${userId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Issue 10 'Drafts survive a reload': the unsaved profile, if one was kept and still reads as one. */
export function loadProfileDraft(userId: string): TradesProfileValues | null {
  const stored = storage()?.getItem(draftKey(userId));
  if (!stored) return null;
  try {
    return readDraft(JSON.parse(stored));
  } catch {
    return null;
  }
}

export function saveProfileDraft(userId: string, values: TradesProfileValues): void {
  try {
    storage()?.setItem(draftKey(userId), JSON.stringify(values));
  } catch (error) {
    console.error(error);
  }
}

export function clearProfileDraft(userId: string): void {
  storage()?.removeItem(draftKey(userId));
}
