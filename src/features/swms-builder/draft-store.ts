import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { StoredDraft } from '../../../machines/swms-builder.machine';
import { swmsDraftKey, swmsDraftsDb } from '../../flows/swms-outbox/kept-drafts';
import { isStoredDraftShape, isStoredPhotos } from '../../flows/swms-outbox/stored-shapes';
import { draftHasContent } from '../../domain/swms-draft';
import { emptySwmsDraft, swmsBuilderSteps, type SwmsBuilderStep } from '../../domain/swms-submission';

/**
 * SWMS drafts on this phone (IndexedDB), one per user and site (issue 10 §4 'nothing is lost'), and one per SWMS being
 * revised (`revisionOf`, issue 57), so a revision draft and a new SWMS's draft for the same site never meet.
 */
export interface DraftStore {
  load(userId: string, siteId: string, revisionOf?: string | null): Promise<StoredDraft | null>;
  /** A draft with nothing in it is removed rather than kept. */
  save(userId: string, siteId: string, stored: StoredDraft, revisionOf?: string | null): Promise<void>;
  clear(userId: string, siteId: string, revisionOf?: string | null): Promise<void>;
}

interface DraftRecord extends StoredDraft {
  readonly version: 1;
  readonly savedAt: string;
}

const keyOf = swmsDraftKey;

/** A record written by this version for this site, with any field a later version added filled in. */
export function storedDraftFrom(value: unknown, siteId: string): StoredDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<DraftRecord>;
  if (record.version !== 1 || !isStoredDraftShape(record.draft) || record.draft.siteId !== siteId) return null;
  if (!swmsBuilderSteps.includes(record.step as SwmsBuilderStep) || !isStoredPhotos(record.photos)) return null;
  const blank = emptySwmsDraft(siteId, record.draft.submissionId);
  return {
    draft: { ...blank, ...record.draft, task: { ...blank.task, ...record.draft.task } },
    step: record.step as SwmsBuilderStep,
    photos: record.photos,
  };
}

export function createDraftStore(dbName = swmsDraftsDb): DraftStore {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(dbName, 'drafts'));
  return {
    async load(userId, siteId, revisionOf = null) {
      return storedDraftFrom(await get<unknown>(keyOf(userId, siteId, revisionOf), db()), siteId);
    },
    async save(userId, siteId, stored, revisionOf = null) {
      if (!draftHasContent(stored.draft, stored.photos)) return del(keyOf(userId, siteId, revisionOf), db());
      const record: DraftRecord = { version: 1, savedAt: new Date().toISOString(), ...stored };
      return set(keyOf(userId, siteId, revisionOf), record, db());
    },
    clear: (userId, siteId, revisionOf = null) => del(keyOf(userId, siteId, revisionOf), db()),
  };
}

export interface DraftSaver {
  /** Keeps the latest draft and writes it once typing pauses. */
  save(stored: StoredDraft): void;
  /** Writes a waiting draft now (the page is being hidden or left). */
  flush(): Promise<void>;
  /** Drops a waiting draft and removes the stored one. */
  clear(): Promise<void>;
}

export interface DraftSaverOptions {
  /** The SWMS whose revision is drafted; null for a new SWMS. */
  readonly revisionOf?: string | null;
  readonly delayMs?: number;
  readonly onError?: (error: unknown) => void;
}

/** Debounced writes (about 300 ms after the last keystroke), in order: a clear is never overtaken by an earlier save. */
export function createDraftSaver(store: DraftStore, userId: string, siteId: string, options: DraftSaverOptions = {}): DraftSaver {
  const { revisionOf = null, delayMs = 300, onError = (error: unknown) => console.error(error) } = options;
  let waiting: StoredDraft | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writes: Promise<void> = Promise.resolve();

  const queue = (write: () => Promise<void>) => {
    writes = writes.then(write).catch(onError);
    return writes;
  };
  const cancelTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const flush = () => {
    cancelTimer();
    const stored = waiting;
    waiting = null;
    return stored ? queue(() => store.save(userId, siteId, stored, revisionOf)) : writes;
  };
  return {
    save(stored) {
      waiting = stored;
      cancelTimer();
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    clear() {
      cancelTimer();
      waiting = null;
      return queue(() => store.clear(userId, siteId, revisionOf));
    },
  };
}
