import { describe, expect, it } from 'vitest';
import { siteStatuses, type SiteStatus } from '../../../../src/domain/site-status';
import type { Db } from '../../../../server/db/database';
import { countMatches, SiteTexts, snapshotOf } from '../../../../server/sites/site-texts';

/** What `search_text LIKE '%word%' AND ...` counts, one site at a time. */
const likeCount = (sites: readonly string[], words: readonly string[], status: SiteStatus | undefined) =>
  sites.filter((site) => {
    const [siteStatus, ...text] = site.split(' ');
    return (status === undefined || siteStatus === status) && words.every((word) => text.join(' ').includes(word));
  }).length;

/** A made-up sequence, the same on every run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('countMatches', () => {
  const streets = ['harbour st', 'parramatta rd', 'high st', 'harbourside ave', 'bridge rd', 'st kilda rd'];
  const next = numbers(7);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const sites = Array.from({ length: 400 }, (_, n) => `${pick(siteStatuses)} ${n + 1} ${pick(streets)} ${pick(['manly', 'bondi', 'parramatta'])} 2${n % 1000} k-${n}`);
  const snapshot = snapshotOf(7, sites);

  it('counts what LIKE counts, for every status filter and words common, rare, repeated or absent', () => {
    const searches = [['harbour'], ['st'], ['harbour', 'st'], ['st', 'harbour', 'st'], ['k-1'], ['k-399'], ['zz'], ['rd', 'parramatta', 'k-2'], ['2'], ['a'], [' '], ['d m']];
    for (const words of searches) {
      for (const status of [undefined, ...siteStatuses]) {
        expect(countMatches(snapshot, words, status), `${words.join('|')} ${status}`).toBe(likeCount(sites, words, status));
      }
    }
    expect(likeCount(sites, ['harbour', 'st'], undefined)).toBeGreaterThan(50);
  });

  it('counts what LIKE counts for 600 searches of pieces of the texts and made-up words, one to three at a time', () => {
    const piece = () => {
      const site = pick(sites);
      const text = site.slice(site.indexOf(' ') + 1);
      const start = Math.floor(next() * text.length);
      return text.slice(start, start + 1 + Math.floor(next() * 8)).trim() || 'x';
    };
    const madeUp = () => Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick([...'abdehiklmnoprstuy0123456789-'])).join('');
    for (let search = 0; search < 600; search += 1) {
      const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => (next() < 0.8 ? piece() : madeUp()));
      const status = next() < 0.5 ? undefined : pick(siteStatuses);
      expect(countMatches(snapshot, words, status), `${words.join('|')} ${status}`).toBe(likeCount(sites, words, status));
    }
  });

  it('never finds a word across two sites’ texts', () => {
    const pair = snapshotOf(1, ['ongoing abc', 'ongoing def']);
    expect(countMatches(pair, ['cd'], undefined)).toBe(0);
    expect(countMatches(pair, ['c'], undefined)).toBe(1);
    expect(countMatches(pair, ['f'], undefined)).toBe(1);
    expect(countMatches(pair, ['abc'], 'ongoing')).toBe(1);
    expect(countMatches(pair, ['bcd'], undefined)).toBe(0);
    expect(countMatches(pair, ['c\0d'], undefined)).toBe(0);
  });

  it('counts nothing among no sites, and every site for no words', () => {
    expect(countMatches(snapshotOf(0, []), ['st'], undefined)).toBe(0);
    expect(countMatches(snapshot, [], undefined)).toBe(400);
    expect(countMatches(snapshot, [], 'ongoing')).toBe(likeCount(sites, [], 'ongoing'));
  });
});

describe('SiteTexts', () => {
  const db = {} as Db;
  /** Reads made-up copies: `sites` sites of 39 characters and a NUL each, at the revision `revisions` holds. */
  const reader = (sites: number, revisions: Map<string, number>, reads: string[]) => async (_db: Db, companyId: string, most: number) => {
    reads.push(companyId);
    if (sites > most) return undefined;
    return snapshotOf(revisions.get(companyId) ?? 0, Array.from({ length: sites }, (_, n) => `ongoing ${`${companyId} harbour st ${n}`.padEnd(39, '.')}`));
  };

  it('loads a company’s copy beside the first search, then counts in it until it is forgotten', async () => {
    const reads: string[] = [];
    const revisions = new Map([['a', 3]]);
    const texts = new SiteTexts({ reloadAfterMs: 0, read: reader(10, revisions, reads) });
    expect(texts.count(db, 'a', ['harbour'], undefined), 'no copy yet').toBeUndefined();
    expect(texts.count(db, 'a', ['harbour'], undefined), 'still loading').toBeUndefined();
    await texts.loaded('a');
    expect(reads, 'one load at a time').toEqual(['a']);
    expect(texts.count(db, 'a', ['HARBOUR', 'st'], 'ongoing')).toEqual({ total: 10, searched: 10, revision: 3 });
    expect(texts.count(db, 'a', ['harbour'], 'completed')).toEqual({ total: 0, searched: 0, revision: 3 });
    texts.forget('a', 2);
    expect(texts.count(db, 'a', ['harbour'], undefined), 'another revision’s copy stays').toMatchObject({ revision: 3 });
    revisions.set('a', 4);
    texts.forget('a', 3);
    expect(texts.count(db, 'a', ['harbour'], undefined), 'forgotten').toBeUndefined();
    await texts.loaded('a');
    expect(texts.count(db, 'a', ['harbour'], undefined)).toMatchObject({ revision: 4 });
    expect(reads).toEqual(['a', 'a']);
  });

  it('loads a company’s copy again no sooner than its reload interval', async () => {
    const reads: string[] = [];
    const texts = new SiteTexts({ reloadAfterMs: 60_000, read: reader(10, new Map(), reads) });
    texts.count(db, 'a', ['harbour'], undefined);
    await texts.loaded('a');
    texts.forget('a', 0);
    expect(texts.count(db, 'a', ['harbour'], undefined)).toBeUndefined();
    await texts.loaded('a');
    expect(reads).toEqual(['a']);
  });

  it('counts no word beyond printable ASCII, and copies nothing with no capacity', async () => {
    const reads: string[] = [];
    const texts = new SiteTexts({ reloadAfterMs: 0, read: reader(10, new Map(), reads) });
    texts.count(db, 'a', ['harbour'], undefined);
    await texts.loaded('a');
    for (const word of ['ölberg', 'a\u0000b', 'tab\there']) expect(texts.count(db, 'a', [word], undefined), word).toBeUndefined();
    const none = new SiteTexts({ capacity: 0, read: reader(10, new Map(), reads) });
    expect(none.count(db, 'a', ['harbour'], undefined)).toBeUndefined();
    await none.loaded('a');
    expect(reads).toEqual(['a']);
  });

  it('holds at most its capacity, dropping the least recently used copy first, and never copies a company past a quarter of it', async () => {
    const reads: string[] = [];
    // Each copy is 10 sites of 40 characters: 400, of a capacity of 1,600 (four copies); of 1,000, more than a quarter.
    const texts = new SiteTexts({ capacity: 1_600, reloadAfterMs: 0, read: reader(10, new Map(), reads) });
    const copied = async (company: string) => {
      texts.count(db, company, ['harbour'], undefined);
      await texts.loaded(company);
      return texts.count(db, company, ['harbour'], undefined) !== undefined;
    };
    for (const company of ['a', 'b', 'c', 'd']) expect(await copied(company), company).toBe(true);
    expect(texts.count(db, 'a', ['st'], undefined), 'a used again').toBeDefined();
    expect(await copied('e')).toBe(true);
    expect(texts.count(db, 'b', ['st'], undefined), 'b, the least recently used, went').toBeUndefined();
    for (const company of ['a', 'c', 'd', 'e']) expect(texts.count(db, company, ['st'], undefined), company).toBeDefined();
    const smallReads: string[] = [];
    const small = new SiteTexts({ capacity: 1_000, reloadAfterMs: 0, read: reader(10, new Map(), smallReads) });
    small.count(db, 'd', ['harbour'], undefined);
    await small.loaded('d');
    expect(small.count(db, 'd', ['harbour'], undefined), 'more than a quarter of the capacity').toBeUndefined();
    await small.loaded('d');
    expect(smallReads, 'and not loaded again').toEqual(['d']);
  });

  it('reads a company found too big to copy again after a while, and copies it once it has shrunk', async () => {
    const reads: string[] = [];
    // A capacity of 1,000 copies a company of at most 6 sites of 40 characters (a quarter of it, 250).
    let sites = 10;
    const texts = new SiteTexts({ capacity: 1_000, reloadAfterMs: 0, tooManyForMs: 50, read: (...args) => reader(sites, new Map(), reads)(...args) });
    texts.count(db, 'a', ['harbour'], undefined);
    await texts.loaded('a');
    expect(texts.count(db, 'a', ['harbour'], undefined), 'too big').toBeUndefined();
    await texts.loaded('a');
    expect(reads, 'not read again at once').toEqual(['a']);
    sites = 5;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(texts.count(db, 'a', ['harbour'], undefined), 'read again').toBeUndefined();
    await texts.loaded('a');
    expect(reads).toEqual(['a', 'a']);
    expect(texts.count(db, 'a', ['harbour'], undefined)).toEqual({ total: 5, searched: 5, revision: 0 });
  });

  it('counts in PostgreSQL when a copy fails to load, and tries again later', async () => {
    let fail = true;
    const texts = new SiteTexts({
      reloadAfterMs: 0,
      read: async () => {
        if (fail) throw new Error('connection lost');
        return snapshotOf(1, ['ongoing harbour st']);
      },
    });
    texts.count(db, 'a', ['harbour'], undefined);
    await texts.loaded('a');
    fail = false;
    expect(texts.count(db, 'a', ['harbour'], undefined)).toBeUndefined();
    await texts.loaded('a');
    expect(texts.count(db, 'a', ['harbour'], undefined)).toEqual({ total: 1, searched: 1, revision: 1 });
  });
});
