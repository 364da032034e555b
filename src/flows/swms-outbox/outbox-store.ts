import { createStore, del, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import type { OutboxItem } from '../../../machines/swms-outbox.machine';
import { isStoredDraftShape, isStoredPhotos } from './stored-shapes';

/** The outbox on this phone (IndexedDB), one entry per user and submission. */
export interface OutboxStore {
  list(userId: string): Promise<OutboxItem[]>;
  get(userId: string, submissionId: string): Promise<OutboxItem | null>;
  put(userId: string, item: OutboxItem): Promise<void>;
  putMany(userId: string, items: readonly OutboxItem[]): Promise<void>;
  remove(userId: string, submissionId: string): Promise<void>;
}

const keyOf = (userId: string, submissionId: string) => `${userId}/${submissionId}`;

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.submissionId === 'string' &&
    typeof item.siteId === 'string' &&
    (item.revisionOf === undefined || item.revisionOf === null || typeof item.revisionOf === 'string') &&
    typeof item.queuedAt === 'string' &&
    (item.status === 'waiting' || item.status === 'refused') &&
    (item.message === null || typeof item.message === 'string') &&
    isStoredDraftShape(item.draft) &&
    isStoredPhotos(item.pendingPhotos)
  );
}

export function createOutboxStore(dbName = 'sitesafe-swms-outbox'): OutboxStore {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(dbName, 'items'));
  return {
    async list(userId) {
      const prefix = `${userId}/`;
      const all = await entries<string, unknown>(db());
      return all
        .filter(([key, value]) => key.startsWith(prefix) && isOutboxItem(value))
        .map(([, value]) => value as OutboxItem)
        .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    },
    async get(userId, submissionId) {
      const value = await get<unknown>(keyOf(userId, submissionId), db());
      return isOutboxItem(value) ? value : null;
    },
    put: (userId, item) => set(keyOf(userId, item.submissionId), item, db()),
    putMany: (userId, items) => setMany(items.map((item) => [keyOf(userId, item.submissionId), item]), db()),
    remove: (userId, submissionId) => del(keyOf(userId, submissionId), db()),
  };
}
