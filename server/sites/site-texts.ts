import { sql } from 'kysely';
import { siteStatuses, type SiteStatus } from '../../src/domain/site-status';
import type { Db } from '../db/database';

/** A company's sites as a search sees them, at one revision of its sites (migration 027). */
export interface SiteTextsSnapshot {
  readonly revision: number;
  /** Every site's search text, each ended by a NUL (which no PostgreSQL text holds), in one string for `indexOf`. */
  readonly joined: string;
  /** Each site's search text on its own. */
  readonly texts: readonly string[];
  /** Where each site's text starts in `joined`, and one more: where the next would. */
  readonly starts: Int32Array;
  /** Each site's status, as its index in `siteStatuses`. */
  readonly statuses: Uint8Array;
  /** How many sites have each status. */
  readonly byStatus: ReadonlyMap<SiteStatus, number>;
  /** Which sites hold each three characters in a row (`trigramsOf`). */
  readonly trigrams: Trigrams;
}

/**
 * The sites that hold each run of three characters, by a hash of the three into `mask + 1` buckets: the sites of bucket
 * `h` are `sites[starts[h]]` up to `sites[starts[h + 1]]`, in order, each once. Two runs may share a bucket, so a
 * bucket's sites hold one of its runs, not necessarily the one looked for: a search checks each site's text.
 */
export interface Trigrams {
  readonly mask: number;
  readonly starts: Uint32Array;
  readonly sites: Uint16Array | Uint32Array;
}

/** A search's exact total at a revision of the company's sites, and how many sites it looked through. */
export interface CountedSearch {
  readonly total: number;
  readonly searched: number;
  readonly revision: number;
}

/** A word the portal lowers as PostgreSQL's `lower()` does: printable ASCII without a space (a search's words hold none). */
const plainWord = /^[\x21-\x7e]+$/;

/** Builds a snapshot from its revision and each site's `status search_text` (as `readSnapshot` reads them). */
export function snapshotOf(revision: number, sites: readonly string[]): SiteTextsSnapshot {
  const starts = new Int32Array(sites.length + 1);
  const statuses = new Uint8Array(sites.length);
  const byStatus = new Map<SiteStatus, number>(siteStatuses.map((status) => [status, 0]));
  const texts: string[] = [];
  let offset = 0;
  sites.forEach((site, index) => {
    const space = site.indexOf(' ');
    const status = site.slice(0, space) as SiteStatus;
    const text = site.slice(space + 1);
    statuses[index] = siteStatuses.indexOf(status);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    starts[index] = offset;
    texts.push(text);
    offset += text.length + 1;
  });
  starts[sites.length] = offset;
  const joined = texts.length > 0 ? `${texts.join('\0')}\0` : '';
  return { revision, joined, texts, starts, statuses, byStatus, trigrams: trigramsOf(joined, texts.length) };
}

/** The bucket of the three characters whose codes `run` holds, a byte each (`trigramsOf`, `countMatches`). */
const bucketOf = (run: number, mask: number) => (Math.imul(run, 0x9e3779b1) >>> 16) & mask;

/**
 * Indexes the joined texts' runs of three characters: two passes, the first counting each bucket's sites and the second
 * placing them (about 8 ms for the bench's 5,000 sites, 340,000 characters). A bucket for every 16 characters or so,
 * from 64 to 65,536: a common run's bucket holds every site anyway, and a rare one's few more than its own.
 */
function trigramsOf(joined: string, siteCount: number): Trigrams {
  let buckets = 64;
  while (buckets < joined.length / 16 && buckets < 65_536) buckets *= 2;
  const mask = buckets - 1;
  const starts = new Uint32Array(buckets + 1);
  const last = new Int32Array(buckets);
  let sites: Uint16Array | Uint32Array = new Uint16Array(0);
  let next = starts;
  // The same walk twice: counting each bucket's sites, then placing them (a branch on the pass, not a callback, which
  // took twice as long).
  for (const placing of [false, true]) {
    if (placing) {
      for (let bucket = 0; bucket < buckets; bucket += 1) starts[bucket + 1] = (starts[bucket + 1] as number) + (starts[bucket] as number);
      sites = siteCount < 65_536 ? new Uint16Array(starts[buckets] as number) : new Uint32Array(starts[buckets] as number);
      next = starts.slice(0, buckets);
    }
    last.fill(-1);
    let site = 0;
    let run = 0;
    let length = 0;
    for (let at = 0; at < joined.length; at += 1) {
      const code = joined.charCodeAt(at);
      if (code === 0) {
        site += 1;
        length = 0;
        continue;
      }
      run = ((run << 8) | (code & 0xff)) & 0xffffff;
      length += 1;
      if (length < 3) continue;
      const bucket = bucketOf(run, mask);
      if (last[bucket] === site) continue;
      last[bucket] = site;
      if (placing) {
        sites[next[bucket] as number] = site;
        next[bucket] = (next[bucket] as number) + 1;
      } else starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
    }
  }
  return { mask, starts, sites };
}

/** The bucket with the fewest sites among the words' runs of three characters, and its word; none when no word has three. */
function fewestSitesBucket({ mask, starts }: Trigrams, words: readonly string[]): { bucket: number; word: string } | undefined {
  let best: { bucket: number; word: string } | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const word of words) {
    let run = 0;
    for (let at = 0; at < word.length; at += 1) {
      run = ((run << 8) | (word.charCodeAt(at) & 0xff)) & 0xffffff;
      if (at < 2) continue;
      const bucket = bucketOf(run, mask);
      const sites = (starts[bucket + 1] as number) - (starts[bucket] as number);
      if (sites < fewest) {
        fewest = sites;
        best = { bucket, word };
      }
    }
  }
  return best;
}

/** How many sites of the snapshot a word's rarity is judged on (`rarestFirst`). */
const sampleSize = 64;

/**
 * The words, the one that looks rarest first: it is the one looked for through every text, and each site it is found
 * in is checked for the others. Judged on a sample of the sites spread through the snapshot; ties go to the longer word,
 * which `indexOf` skips through faster.
 */
function rarestFirst(snapshot: SiteTextsSnapshot, words: readonly string[]): string[] {
  const sites = snapshot.texts.length;
  const step = Math.max(1, Math.floor(sites / sampleSize));
  const seen = (word: string) => {
    let found = 0;
    for (let site = 0; site < sites; site += step) if ((snapshot.texts[site] as string).includes(word)) found += 1;
    return found;
  };
  return words
    .map((word) => ({ word, seen: words.length > 1 ? seen(word) : 0 }))
    .sort((a, b) => a.seen - b.seen || b.word.length - a.word.length)
    .map(({ word }) => word);
}

/**
 * How many of the snapshot's sites hold every word (already lower-cased) and have the status, if one is given: the
 * count `search_text LIKE '%word%' AND ...` gives. The sites of the words' rarest run of three characters are checked
 * for every word (`trigrams`); with no word of three characters, the rarest-looking word is looked for through the whole
 * text at once (`indexOf`) and each site it is found in is checked for the other words.
 */
export function countMatches(snapshot: SiteTextsSnapshot, words: readonly string[], status: SiteStatus | undefined): number {
  if (words.length === 0) return status === undefined ? snapshot.texts.length : (snapshot.byStatus.get(status) ?? 0);
  const wanted = status === undefined ? -1 : siteStatuses.indexOf(status);
  const { joined, starts, statuses, texts, trigrams } = snapshot;
  /** Whether the site has the status asked for and its text holds each of the words. */
  const holdsAll = (site: number, checked: readonly string[]) => {
    if (wanted >= 0 && statuses[site] !== wanted) return false;
    const text = texts[site] as string;
    for (const word of checked) if (!text.includes(word)) return false;
    return true;
  };
  let total = 0;
  const fewest = fewestSitesBucket(trigrams, words);
  if (fewest !== undefined) {
    // Its own word first: a site that shares the bucket through another run fails at once.
    const checked = [fewest.word, ...words.filter((word) => word !== fewest.word)];
    const end = trigrams.starts[fewest.bucket + 1] as number;
    for (let at = trigrams.starts[fewest.bucket] as number; at < end; at += 1) if (holdsAll(trigrams.sites[at] as number, checked)) total += 1;
    return total;
  }
  const [first, ...rest] = rarestFirst(snapshot, words) as [string, ...string[]];
  let site = 0;
  let at = joined.indexOf(first);
  while (at >= 0) {
    // Found in order, so the site it was found in is this one or one after it.
    while ((starts[site + 1] as number) <= at) site += 1;
    if (holdsAll(site, rest)) total += 1;
    at = joined.indexOf(first, starts[site + 1] as number);
  }
  return total;
}

/**
 * The company's sites' statuses and search texts with the revision they are at, in one statement (one snapshot); undefined
 * when the company has more than `most` sites. One text, a site a line: a text array took the portal 25-35 ms to parse
 * for 5,000 sites, this 1. A newline in a search text becomes a space, which changes no match: no word holds either.
 */
async function readSnapshot(db: Db, companyId: string, most: number): Promise<SiteTextsSnapshot | undefined> {
  const { rows } = await sql<{ revision: string | number; sites: string | null; count: string | number }>`
    SELECT coalesce((SELECT revision FROM site_list_revisions WHERE company_id = ${companyId}), 0) AS revision,
      string_agg(m.site, E'\\n') AS sites, count(*) AS count
    FROM (SELECT status || ' ' || translate(search_text, E'\\n', ' ') AS site FROM project_sites
      WHERE company_id = ${companyId} LIMIT ${most + 1}) m`.execute(db);
  const [row] = rows;
  if (Number(row?.count ?? 0) > most) return undefined;
  return snapshotOf(Number(row?.revision ?? 0), row?.sites ? row.sites.split('\n') : []);
}

type ReadSnapshot = (db: Db, companyId: string, most: number) => Promise<SiteTextsSnapshot | undefined>;

export interface SiteTextsOptions {
  /** How many characters of search texts the copies hold in all; 0 copies nothing, so every search is counted in PostgreSQL. */
  readonly capacity?: number;
  /** How soon a company's copy may load again after its last load. */
  readonly reloadAfterMs?: number;
  /** How long a company found too big to copy is counted in PostgreSQL before its sites are read again (it may have shrunk). */
  readonly tooManyForMs?: number;
  /** Reads a company's copy (its unit tests read made-up ones). */
  readonly read?: ReadSnapshot;
}

type Entry =
  | { readonly kind: 'snapshot'; readonly snapshot: SiteTextsSnapshot }
  | { readonly kind: 'too many'; readonly until: number }
  | { readonly kind: 'loading' };

/**
 * Issue 11: a first site search counted in the portal's memory instead of PostgreSQL's, so the page can walk its order's
 * index at once, in one statement. Counting in PostgreSQL rechecked every candidate row in the heap (about 0.8 ms of its
 * CPU for 625 matches of 5,000 sites); the portal counts the same in 0.01-0.04 ms, checking the sites its copy of the
 * company's search texts indexes under the words' rarest run of three characters (0.1 ms when a word is in every site).
 *
 * Every count is of one revision of the company's sites, and the page's statement answers it only while the company's
 * sites are still at that revision (`listSites`): a site changed since, here or on another instance behind the load
 * balancer, makes the statement read its total from the matches again, and `forget` drops the copy. So a copy is only a
 * way to a cheaper plan; what a user sees always comes from PostgreSQL.
 *
 * A request never waits for a copy: without one, the search is counted in PostgreSQL and the copy loads beside it, at
 * most once per `reloadAfterMs` for a company whose sites keep changing. Copies hold at most `capacity` characters of
 * search text in all (the least recently used go first). Each is held twice, joined and on its own, beside its index of
 * about 2.2 bytes a character: some 17 MB for the default 4 million. A company whose texts pass a quarter of that
 * (about 15,000 sites) is not copied (it is counted in PostgreSQL) until `tooManyForMs` later, when its sites are read
 * again. Indexing a copy holds the event loop for about 8 ms for 5,000 sites, once each time it loads.
 */
export class SiteTexts {
  readonly #entries = new Map<string, Entry>();
  readonly #capacity: number;
  readonly #reloadAfterMs: number;
  readonly #tooManyForMs: number;
  readonly #read: ReadSnapshot;
  readonly #loads = new Map<string, Promise<void>>();
  readonly #lastLoad = new Map<string, number>();
  #characters = 0;

  constructor({ capacity = 4_000_000, reloadAfterMs = 1_000, tooManyForMs = 10 * 60_000, read = readSnapshot }: SiteTextsOptions = {}) {
    this.#capacity = capacity;
    this.#reloadAfterMs = reloadAfterMs;
    this.#tooManyForMs = tooManyForMs;
    this.#read = read;
  }

  /** The search's total from the company's copy, or undefined: no copy yet (one starts loading), too many sites, or a word not plain ASCII. */
  count(db: Db, companyId: string, words: readonly string[], status: SiteStatus | undefined): CountedSearch | undefined {
    if (this.#capacity === 0 || !words.every((word) => plainWord.test(word))) return undefined;
    const entry = this.#entries.get(companyId);
    if (entry === undefined || (entry.kind === 'too many' && performance.now() >= entry.until)) {
      this.#load(db, companyId);
      return undefined;
    }
    if (entry.kind !== 'snapshot') return undefined;
    // The most recently used copy goes last in the eviction order.
    this.#entries.delete(companyId);
    this.#entries.set(companyId, entry);
    const { snapshot } = entry;
    const lowered = words.map((word) => word.toLowerCase());
    return {
      total: countMatches(snapshot, lowered, status),
      searched: status === undefined ? snapshot.texts.length : (snapshot.byStatus.get(status) ?? 0),
      revision: snapshot.revision,
    };
  }

  /** The company's sites are past `revision`: its copy at that revision goes, and a new one loads with the next search. */
  forget(companyId: string, revision: number): void {
    const entry = this.#entries.get(companyId);
    if (entry?.kind === 'snapshot' && entry.snapshot.revision === revision) this.#drop(companyId);
  }

  /** Resolves when the company's copy has loaded, if one is loading (the tests wait for it). */
  async loaded(companyId: string): Promise<void> {
    await this.#loads.get(companyId);
  }

  #load(db: Db, companyId: string): void {
    const last = this.#lastLoad.get(companyId);
    const now = performance.now();
    if (this.#loads.has(companyId) || (last !== undefined && now - last < this.#reloadAfterMs)) return;
    this.#lastLoad.set(companyId, now);
    if (this.#lastLoad.size > 10_000) this.#lastLoad.clear();
    this.#entries.set(companyId, { kind: 'loading' });
    const load = this.#read(db, companyId, Math.floor(this.#capacity / 4 / 40))
      .then((snapshot) => {
        this.#drop(companyId);
        if (snapshot === undefined || snapshot.joined.length > this.#capacity / 4) {
          this.#entries.set(companyId, { kind: 'too many', until: performance.now() + this.#tooManyForMs });
          return;
        }
        this.#entries.set(companyId, { kind: 'snapshot', snapshot });
        this.#characters += snapshot.joined.length;
        for (const [company, other] of this.#entries) {
          if (this.#characters <= this.#capacity) break;
          if (other.kind === 'snapshot') this.#drop(company);
        }
      })
      // A copy is only a way to a cheaper plan: without it, searches are counted in PostgreSQL, as before it loaded.
      .catch(() => this.#drop(companyId))
      .finally(() => this.#loads.delete(companyId));
    this.#loads.set(companyId, load);
  }

  #drop(companyId: string): void {
    const entry = this.#entries.get(companyId);
    if (entry?.kind === 'snapshot') this.#characters -= entry.snapshot.joined.length;
    this.#entries.delete(companyId);
  }
}
