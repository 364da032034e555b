import { BlobSASPermissions, StorageSharedKeyCredential, generateBlobSASQueryParameters } from '@azure/storage-blob';
import { describe, expect, it } from 'vitest';
import { readExpiry, signedOncePerWindow } from '../../../server/storage/read-signatures';

const minute = 60_000;
const options = { windowMs: 5 * minute, lifetimeMs: 10 * minute, maxEntries: 3 };

/** A signer that records each call, and a clock the test moves. */
function counted() {
  const calls: { fileKey: string; expiresOn: Date }[] = [];
  const clock = { time: Date.UTC(2026, 10, 26, 3, 1) };
  const sign = (fileKey: string, expiresOn: Date) => {
    calls.push({ fileKey, expiresOn });
    return `${fileKey}@${expiresOn.toISOString()}#${calls.length}`;
  };
  return { calls, clock, read: signedOncePerWindow(sign, { ...options, now: () => clock.time }) };
}

describe('signedOncePerWindow (issue 11)', () => {
  it('signs a blob once per window, with the expiry of the window the first read fell in', () => {
    const { calls, clock, read } = counted();
    const first = read('plan.pdf');
    clock.time += 3 * minute;
    expect(read('plan.pdf')).toBe(first);
    expect(calls).toStrictEqual([{ fileKey: 'plan.pdf', expiresOn: new Date(Date.UTC(2026, 10, 26, 3, 15)) }]);
  });

  it('signs again, to a later expiry, once the window has passed', () => {
    const { calls, clock, read } = counted();
    const first = read('plan.pdf');
    clock.time = Date.UTC(2026, 10, 26, 3, 5, 0, 1);
    const second = read('plan.pdf');
    expect(second).not.toBe(first);
    expect(calls.map((call) => call.expiresOn.toISOString())).toStrictEqual(['2026-11-26T03:15:00.000Z', '2026-11-26T03:20:00.000Z']);
  });

  it('remembers each blob apart and forgets them all past maxEntries, keeping its memory bounded', () => {
    const { calls, read } = counted();
    for (const fileKey of ['a.png', 'b.png', 'c.png', 'a.png', 'b.png', 'c.png']) read(fileKey);
    expect(calls.map((call) => call.fileKey)).toStrictEqual(['a.png', 'b.png', 'c.png']);
    read('d.png');
    read('a.png');
    expect(calls.map((call) => call.fileKey)).toStrictEqual(['a.png', 'b.png', 'c.png', 'd.png', 'a.png']);
  });

  it('answers what signing afresh at that moment answers, with the storage SDK and a shared key', () => {
    const credential = new StorageSharedKeyCredential('devstoreaccount1', Buffer.from('a test account key, not a secret').toString('base64'));
    const sign = (fileKey: string, expiresOn: Date) =>
      generateBlobSASQueryParameters(
        { containerName: 'portal-files', blobName: fileKey, permissions: BlobSASPermissions.parse('r'), expiresOn, contentType: 'application/pdf' },
        credential,
      ).toString();
    const time = Date.now();
    const read = signedOncePerWindow(sign, { ...options, now: () => time });
    read('site-plan.pdf');
    const fresh = sign('site-plan.pdf', readExpiry(time, options.windowMs, options.lifetimeMs));
    expect(read('site-plan.pdf')).toBe(fresh);
    expect(fresh).toContain('sig=');
  });
});
