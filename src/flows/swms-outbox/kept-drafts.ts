import { createStore, entries } from 'idb-keyval';
import { isStoredDraftShape } from './stored-shapes';

/** Where the SWMS builder keeps its drafts on the phone (IndexedDB; src/features/swms-builder/draft-store.ts). */
export const swmsDraftsDb = 'sitesafe-swms-drafts';

const revisionMark = '/revise/';

/** One new-SWMS draft per user and site, and (issue 57) one revision draft per user and SWMS revised, apart from it. */
export const swmsDraftKey = (userId: string, siteId: string, revisionOf: string | null = null) =>
  revisionOf === null ? `${userId}/${siteId}` : `${userId}/${siteId}${revisionMark}${revisionOf}`;

/** A kept draft as a list names it: its site (the builder opens it there) and its task so far. */
export interface KeptDraft {
  readonly siteId: string;
  /** The SWMS this draft revises; null for a new SWMS. */
  readonly revisionOf: string | null;
  readonly taskDescription: string;
  readonly savedAt: string;
}

/** One user's SWMS drafts on this phone, newest first: what their home lists with no signal. */
export async function keptDrafts(userId: string, dbName = swmsDraftsDb): Promise<KeptDraft[]> {
  const prefix = swmsDraftKey(userId, '');
  const kept: KeptDraft[] = [];
  for (const [key, value] of await entries<IDBValidKey, unknown>(createStore(dbName, 'drafts'))) {
    if (typeof key !== 'string' || !key.startsWith(prefix) || typeof value !== 'object' || value === null) continue;
    const { draft, savedAt } = value as { draft?: unknown; savedAt?: unknown };
    const [siteId = '', revisionOf = null] = key.slice(prefix.length).split(revisionMark);
    if (isStoredDraftShape(draft) && draft.siteId === siteId && typeof savedAt === 'string') kept.push({ siteId, revisionOf, taskDescription: draft.task.taskDescription, savedAt });
  }
  return kept.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
