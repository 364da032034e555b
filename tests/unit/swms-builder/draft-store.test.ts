import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StoredDraft } from '../../../machines/swms-builder.machine';
import { keptDrafts } from '../../../src/flows/swms-outbox/kept-drafts';
import { createDraftSaver, createDraftStore, storedDraftFrom } from '../../../src/features/swms-builder/draft-store';
import { emptySwmsDraft } from '../../../src/domain/swms-submission';

const siteId = 'site-1';
const userId = 'user-1';
let dbCount = 0;
const freshStore = () => createDraftStore(`drafts-test-${++dbCount}`);
const currentDb = () => `drafts-test-${dbCount}`;

function storedWith(text: string, step: StoredDraft['step'] = 'task', submissionId = '6f1c1b6e-8a3b-4b8e-9a59-4b0f2a7e6c11'): StoredDraft {
  const blank = emptySwmsDraft(siteId, submissionId, new Date('2026-03-01T00:00:00Z'));
  return { draft: { ...blank, task: { ...blank.task, taskDescription: text } }, step, photos: {} };
}

describe('draft store (IndexedDB)', () => {
  test('keeps a draft with its step and the photo bytes not yet uploaded, and gives it back', async () => {
    const store = freshStore();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]).buffer;
    const stored: StoredDraft = { ...storedWith('Replace gutters'), step: 'hazards', photos: { riskPhoto: { friendlyName: 'roof.jpg', type: 'image/jpeg', bytes } } };
    await store.save(userId, siteId, stored);
    const loaded = await store.load(userId, siteId);
    expect(loaded?.step).toBe('hazards');
    expect(loaded?.draft.task.taskDescription).toBe('Replace gutters');
    expect(loaded?.photos.riskPhoto?.friendlyName).toBe('roof.jpg');
    expect(new Uint8Array(loaded?.photos.riskPhoto?.bytes ?? new ArrayBuffer(0))).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
  });

  test('keeps one draft per user and per site', async () => {
    const store = freshStore();
    await store.save(userId, siteId, storedWith('mine here'));
    await store.save('user-2', siteId, storedWith('theirs here'));
    expect((await store.load(userId, siteId))?.draft.task.taskDescription).toBe('mine here');
    expect((await store.load('user-2', siteId))?.draft.task.taskDescription).toBe('theirs here');
    expect(await store.load(userId, 'site-2')).toBeNull();
  });

  test("keeps a revision's draft apart from the site's new-SWMS draft, and lists both (issue 57)", async () => {
    const store = freshStore();
    const swmsId = 'c0ffee00-0000-4000-8000-0000000000aa';
    await store.save(userId, siteId, storedWith('a new SWMS'));
    await store.save(userId, siteId, storedWith('revision of the roof SWMS'), swmsId);
    expect((await store.load(userId, siteId))?.draft.task.taskDescription).toBe('a new SWMS');
    expect((await store.load(userId, siteId, swmsId))?.draft.task.taskDescription).toBe('revision of the roof SWMS');
    const kept = await keptDrafts(userId, currentDb());
    expect(kept.map(({ revisionOf, taskDescription }) => [revisionOf, taskDescription]).sort()).toEqual([
      [null, 'a new SWMS'],
      [swmsId, 'revision of the roof SWMS'],
    ]);
    await store.clear(userId, siteId, swmsId);
    expect(await store.load(userId, siteId, swmsId)).toBeNull();
    expect((await store.load(userId, siteId))?.draft.task.taskDescription, 'clearing the revision leaves the new SWMS').toBe('a new SWMS');
  });

  test("lists one user's drafts, each with its site and task, never another user's", async () => {
    const store = freshStore();
    const other = (text: string): StoredDraft => ({ ...storedWith(text), draft: { ...storedWith(text).draft, siteId: 'site-2' } });
    await store.save(userId, siteId, storedWith('mine here'));
    await store.save(userId, 'site-2', other('mine there'));
    await store.save('user-10', siteId, storedWith('theirs'));
    const kept = await keptDrafts(userId, currentDb());
    expect(kept.map(({ siteId: site, taskDescription }) => [site, taskDescription]).sort()).toEqual([
      ['site-1', 'mine here'],
      ['site-2', 'mine there'],
    ]);
    expect(await keptDrafts('user-3', currentDb())).toEqual([]);
  });

  test('a draft with nothing entered removes the stored one instead of keeping an empty draft', async () => {
    const store = freshStore();
    await store.save(userId, siteId, storedWith('something'));
    await store.save(userId, siteId, storedWith(''));
    expect(await store.load(userId, siteId)).toBeNull();
  });

  test('clear removes the draft', async () => {
    const store = freshStore();
    await store.save(userId, siteId, storedWith('something'));
    await store.clear(userId, siteId);
    expect(await store.load(userId, siteId)).toBeNull();
  });

  test('a record of another site, another version or a damaged shape is ignored', () => {
    const good = { version: 1, savedAt: '', ...storedWith('x') };
    expect(storedDraftFrom(good, siteId)).not.toBeNull();
    expect(storedDraftFrom(good, 'site-2')).toBeNull();
    expect(storedDraftFrom({ ...good, version: 2 }, siteId)).toBeNull();
    expect(storedDraftFrom({ ...good, step: 'somewhere' }, siteId)).toBeNull();
    expect(storedDraftFrom({ ...good, draft: { siteId } }, siteId)).toBeNull();
    expect(storedDraftFrom({ ...good, photos: { riskPhoto: { friendlyName: 'a.jpg', type: 'image/jpeg', bytes: 'not bytes' } } }, siteId)).toBeNull();
    expect(storedDraftFrom('draft', siteId)).toBeNull();
  });

  test('fields a draft was stored without are filled in blank', () => {
    const { controlReview: _dropped, ...olderTask } = storedWith('x').draft.task;
    const older = { version: 1, savedAt: '', ...storedWith('x'), draft: { ...storedWith('x').draft, task: olderTask } };
    expect(storedDraftFrom(older, siteId)?.draft.task.controlReview).toBe('');
  });
});

describe('draft saver', () => {
  // Only the saver's own timer is faked: IndexedDB (fake-indexeddb) schedules its work with setImmediate.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  test('writes once typing pauses for 300 ms, with the latest text', async () => {
    const store = freshStore();
    const saves = vi.spyOn(store, 'save');
    const saver = createDraftSaver(store, userId, siteId);
    saver.save(storedWith('R'));
    await vi.advanceTimersByTimeAsync(200);
    saver.save(storedWith('Re'));
    await vi.advanceTimersByTimeAsync(200);
    saver.save(storedWith('Rep'));
    expect(saves).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    await saver.flush();
    expect(saves).toHaveBeenCalledTimes(1);
    expect((await store.load(userId, siteId))?.draft.task.taskDescription).toBe('Rep');
  });

  test('flush writes a waiting draft at once (the page is being hidden)', async () => {
    const store = freshStore();
    const saver = createDraftSaver(store, userId, siteId);
    saver.save(storedWith('typed just now'));
    await saver.flush();
    expect((await store.load(userId, siteId))?.draft.task.taskDescription).toBe('typed just now');
  });

  test('clear drops a waiting draft: a save typed before Start again never comes back', async () => {
    const store = freshStore();
    const saver = createDraftSaver(store, userId, siteId);
    saver.save(storedWith('first'));
    await saver.flush();
    saver.save(storedWith('second'));
    await saver.clear();
    await vi.advanceTimersByTimeAsync(1000);
    await saver.flush();
    expect(await store.load(userId, siteId)).toBeNull();
  });

  test('a failed write is reported and later writes still happen', async () => {
    const store = freshStore();
    const onError = vi.fn();
    vi.spyOn(store, 'save').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const saver = createDraftSaver(store, userId, siteId, { onError });
    saver.save(storedWith('one'));
    await saver.flush();
    saver.save(storedWith('two'));
    await saver.flush();
    expect(onError).toHaveBeenCalledTimes(1);
    expect((await store.load(userId, siteId))?.draft.task.taskDescription).toBe('two');
  });
});
