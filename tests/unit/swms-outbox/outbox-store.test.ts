import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import type { OutboxItem } from '../../../machines/swms-outbox.machine';
import { createOutboxStore } from '../../../src/flows/swms-outbox/outbox-store';
import { emptySwmsDraft } from '../../../src/domain/swms-submission';

let dbCount = 0;
const freshStore = () => createOutboxStore(`outbox-test-${++dbCount}`);

const item = (submissionId: string, queuedAt: string, overrides: Partial<OutboxItem> = {}): OutboxItem => ({
  submissionId,
  siteId: 'site-1',
  draft: emptySwmsDraft('site-1', submissionId),
  pendingPhotos: {},
  queuedAt,
  status: 'waiting',
  message: null,
  ...overrides,
});

describe('outbox store (IndexedDB)', () => {
  test("lists a user's own submissions, oldest first, with their photos' bytes", async () => {
    const store = freshStore();
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    await store.put('user-1', item('b', '2026-03-01T10:00:00.000Z'));
    await store.put('user-1', item('a', '2026-03-01T09:00:00.000Z', { pendingPhotos: { controlPhoto: { friendlyName: 'c.jpg', type: 'image/jpeg', bytes } } }));
    await store.put('user-2', item('c', '2026-03-01T08:00:00.000Z'));
    const listed = await store.list('user-1');
    expect(listed.map((stored) => stored.submissionId)).toEqual(['a', 'b']);
    expect(new Uint8Array(listed[0]?.pendingPhotos.controlPhoto?.bytes ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
  });

  test('a revision keeps the SWMS it revises; an item stored before revisions reads as a new SWMS, and a damaged one is ignored', async () => {
    const store = freshStore();
    await store.put('user-1', item('a', '2026-03-01T09:00:00.000Z', { revisionOf: 'swms-9' }));
    await store.put('user-1', item('b', '2026-03-01T10:00:00.000Z'));
    await store.put('user-1', { ...item('c', '2026-03-01T11:00:00.000Z'), revisionOf: 42 } as unknown as OutboxItem);
    const listed = await store.list('user-1');
    expect(listed.map((stored) => [stored.submissionId, stored.revisionOf ?? null])).toEqual([['a', 'swms-9'], ['b', null]]);
  });

  test('a refused submission keeps its status and message; remove forgets it', async () => {
    const store = freshStore();
    await store.putMany('user-1', [item('a', '2026-03-01T09:00:00.000Z', { status: 'refused', message: 'Check in at this site before submitting a SWMS for it' })]);
    expect(await store.get('user-1', 'a')).toMatchObject({ status: 'refused', message: 'Check in at this site before submitting a SWMS for it' });
    expect(await store.get('user-2', 'a')).toBeNull();
    await store.remove('user-1', 'a');
    expect(await store.list('user-1')).toEqual([]);
  });

  test('a damaged entry is left out rather than sent', async () => {
    const store = freshStore();
    await store.put('user-1', { ...item('a', '2026-03-01T09:00:00.000Z'), draft: { nothing: true } } as unknown as OutboxItem);
    await store.put('user-1', item('b', '2026-03-01T10:00:00.000Z'));
    expect((await store.list('user-1')).map((stored) => stored.submissionId)).toEqual(['b']);
  });
});
