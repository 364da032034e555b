import { SiteTexts, type SiteTextsOptions } from './site-texts';

/**
 * Which site searches this process has met since it started, so that a search's total is kept (migration 027) only
 * when the search comes back: its second sighting, a next page or a second person asking. Most searches are met once
 * (each pause in typing is a search of its own), and keeping every one of them made a read write a row and commit it,
 * about a seventh of a first search's cost (issue 11), to keep totals no page would read again.
 *
 * Only a hint: a search it forgets, or meets first on another instance behind the load balancer, is counted again
 * (exact, as every first search is) and kept a sighting later. Nothing a user sees depends on it.
 */
export class SearchSightings {
  readonly #met = new Set<string>();
  readonly #capacity: number;

  /** Past `capacity` searches the process starts afresh: a few hundred KB at most. */
  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** Whether the company's search (`key`, its kept total's key) was met before; from now on it has been. */
  metBefore(companyId: string, key: string): boolean {
    const sighting = `${companyId} ${key}`;
    if (this.#met.has(sighting)) return true;
    if (this.#met.size >= this.#capacity) this.#met.clear();
    this.#met.add(sighting);
    return false;
  }
}

/** What a process remembers of its site searches (issue 11): which it has met, and its copies of companies' search texts. */
export interface SiteSearchMemory {
  readonly sightings: SearchSightings;
  readonly texts: SiteTexts;
}

/** A process's memory of its site searches; the tests give it copies that behave otherwise (`SiteTextsOptions`). */
export const siteSearchMemory = (texts: SiteTextsOptions = {}): SiteSearchMemory => ({ sightings: new SearchSightings(), texts: new SiteTexts(texts) });
