/** A route as Fastify registers it, or as a test's table names it (a catch-all route lists each method). */
export interface RouteEntry {
  readonly method: string | readonly string[];
  readonly url: string;
}

export const methodsOf = (entry: RouteEntry): readonly string[] => [entry.method].flat();
/** `GET|POST /url`: one name for an entry, its methods joined. */
export const routeName = (entry: RouteEntry) => `${methodsOf(entry).join('|')} ${entry.url}`;

type Registered = readonly { readonly method: string; readonly url: string }[];

const keysOf = (entries: readonly RouteEntry[]) => entries.flatMap((entry) => methodsOf(entry).map((method) => `${method} ${entry.url}`));

/**
 * Which registered routes a test's table misses (HEAD is covered by its GET), and which of its entries
 * name a route the app no longer registers: the fuzzing and the access matrix both fail on either.
 */
export function tableDrift(entries: readonly RouteEntry[], registered: Registered): { readonly withoutEntry: string[]; readonly withoutRoute: string[] } {
  const covered = new Set(keysOf(entries));
  const present = new Set(registered.map(({ method, url }) => `${method} ${url}`));
  return {
    withoutEntry: registered
      .filter(({ method, url }) => !covered.has(`${method} ${url}`) && !(method === 'HEAD' && (covered.has(`GET ${url}`) || covered.has(`GET ${url.replace(/\/$/, '')}`))))
      .map(({ method, url }) => `${method} ${url}`),
    withoutRoute: [...new Set(keysOf(entries))].filter((route) => !present.has(route)),
  };
}
