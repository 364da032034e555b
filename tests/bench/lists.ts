import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { StorageSharedKeyCredential } from '@azure/storage-blob';
import { sql } from 'kysely';
import { CompanyListQuery } from '../../src/domain/company';
import { SiteListQuery } from '../../src/domain/project-site';
import { SwmsListQuery } from '../../src/domain/swms';
import { openDatabase, type Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { decodeOr400 } from '../../server/http/errors';
import { searchCompanies } from '../../server/companies/service';
import { searchSites } from '../../server/sites/service';
import { searchSwms } from '../../server/swms/service';
import { lockMatchingFlagStates } from '../../server/swms/repository';
import { devAccountName } from '../../server/storage/azurite';
import { readUrls } from '../../server/storage/blob-store';
import { runCliProcess, startPortal, type PortalProcess } from '../support/portal-process';
import { isLocalServer, loadWithCpu, type CpuGroups, type CpuPerRequest } from './cpu-use';
import { benchDatabase } from './bench-database';
import { printMachineSpeed } from './machine-speed';
import { seededLists, seedLists, type ListSeed } from './list-seed';
import { newSearches, newThreeWordSearches } from './new-searches';

/**
 * Issue 11 §1: the SWMS, project-site and client lists at real sizes. Seeds one company with 100,000
 * SWMS on 5,000 sites among 10,000 clients, then for each scenario prints, side by side:
 * - the API under load (the real start script in its own process, autocannon at N connections):
 *   req/s, p50, p99 and bytes per response;
 * - the same list call made directly on the database (the route's own service function, so the
 *   same SQL, without HTTP, sign-in check or JSON) at the same concurrency: req/s, p50, p99;
 * - the ratio of the API's rate to the direct rate.
 * PostgreSQL at 32 connections (TEST_DATABASE_URL's server, default the local one, in a fresh
 * database) and the embedded PGlite at 8. Each scenario runs a second over HTTP first, unmeasured, as a
 * warm-up. After the select-all review, the analyses it makes due are timed. Prints figures only; nothing is asserted.
 *
 * Run: npm run bench [-- --swms 1000000] [--db postgres|pglite] [--seconds 5] [--only <text>] [--keep] [--churned]
 * [--reuse portal_bench_<pid>] (PostgreSQL only: load a database kept by an earlier --keep run instead of seeding;
 * it runs at the size that database holds, whatever --swms says). --churned: after the select-all review
 * (`--only "bulk review"` runs it alone), the SWMS lists again on PostgreSQL, not analysed since.
 */
const { values: options } = parseArgs({
  options: {
    swms: { type: 'string', default: '100000' },
    sites: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    churned: { type: 'boolean', default: false },
  },
});
const size = { swms: Number(options.swms), sites: Number(options.sites), clients: Number(options.clients), trades: 2000 };
const seconds = Number(options.seconds);
// Tokens name the portal's public address as their issuer: the CLI and each portal start share it.
const benchPublicUrl = 'http://portal.bench.test';
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Role = 'admin' | 'supervisor' | 'superUser';
interface Scenario {
  readonly name: string;
  readonly role: Role;
  /** The API path; its query string is also what the direct call decodes. */
  readonly path: string;
  readonly direct: (db: Db, query: Record<string, string>) => Promise<unknown>;
  /** A page opened by its number alone (a typed or shared link): not reached by its 'Next page' cursor. */
  readonly typed?: boolean;
  /**
   * Each request a search of its own, as one typed for the first time: 'six words', the search's words and three pieces of them, a different three each
   * time (`newSearches`), which the same sites match as the words alone; 'three words', three pieces of its words of
   * three letters or more (`newThreeWordSearches`).
   */
  readonly fresh?: 'six words' | 'three words';
}
interface Figures {
  readonly rate: number;
  readonly p50: number;
  readonly p99: number;
  readonly bytes?: number;
  readonly failed?: number;
  readonly cpu?: CpuPerRequest;
}

const reviewer = (seed: ListSeed, role: Role) => ({
  userId: '00000000-0000-0000-0000-000000000000',
  requestId: null,
  companyId: seed.companyId,
  flag: role === 'supervisor' ? ('supervisor' as const) : ('companyAdmin' as const),
});
/** The direct calls sign read urls as the portal does, with a shared key that reaches no blob service. */
const benchStorage = { readUrl: readUrls(new StorageSharedKeyCredential(devAccountName, Buffer.from('bench key').toString('base64')), () => benchPublicUrl) };
/** The portal's parts a list reads. */
const app = (db: Db) => ({ db, storage: benchStorage as never });

/**
 * Each list's deep page is reached the way the app reaches it: the page before it, then its 'Next page'; a typed link
 * opens it by its number alone.
 */
function scenarios(seed: ListSeed): Scenario[] {
  const swms = (name: string, role: Role, query: string): Scenario => ({
    name: `SWMS: ${name}`,
    role,
    path: `/api/company/${seed.companyId}/swms${query}`,
    direct: (db, raw) => searchSwms(app(db), reviewer(seed, role), decodeOr400(SwmsListQuery, raw)),
  });
  const sites = (name: string, query: string): Scenario => ({
    name: `Sites: ${name}`,
    role: 'admin',
    path: `/api/company/${seed.companyId}/projectSites${query}`,
    direct: (db, raw) => searchSites(app(db), seed.companyId, decodeOr400(SiteListQuery, raw)),
  });
  const clients = (name: string, query: string): Scenario => ({
    name: `Clients: ${name}`,
    role: 'superUser',
    path: `/api/company${query}`,
    direct: (db, raw) => searchCompanies(app(db), decodeOr400(CompanyListQuery, raw)),
  });
  const swmsDeep = Math.floor(size.swms / 25 / 40) * 40;
  const siteDeep = Math.floor(size.sites / 25 / 4) * 3;
  const clientDeep = Math.floor(size.clients / 25 / 8) * 7;
  return [
    swms('page 1 (Date New-Old)', 'admin', ''),
    swms('For Review (supervisor)', 'supervisor', '?filter=status.string.forReview'),
    swms('search "olivia"', 'admin', '?search=olivia'),
    // The search box asks once typing pauses, so a first letter is searched on its own: it matches most SWMS.
    swms('search "a", a first letter', 'admin', '?search=a'),
    swms('search "ol", two letters', 'admin', '?search=ol'),
    swms(`page ${swmsDeep} (Date New-Old)`, 'admin', `?page=${swmsDeep}`),
    swms('page 250 (Job No. Low-High)', 'admin', '?sort=siteNumber.number.asc&page=250'),
    { ...swms('page 250 (Job No. Low-High), typed link', 'admin', '?sort=siteNumber.number.asc&page=250'), typed: true },
    swms(`For Review page ${Math.floor(swmsDeep / 2)} (supervisor)`, 'supervisor', `?filter=status.string.forReview&page=${Math.floor(swmsDeep / 2)}`),
    sites('page 1', ''),
    sites('status Ongoing', '?filter=status.string.ongoing'),
    sites('search "parramatta"', '?search=parramatta'),
    sites('search "parramatta st client"', '?search=parramatta%20st%20client'),
    sites('search "a", a first letter', '?search=a'),
    sites('search "pa", two letters', '?search=pa'),
    { ...sites('"parramatta st client", new each time', '?search=parramatta%20st%20client'), fresh: 'six words' },
    { ...sites('three new words each time', '?search=parramatta%20st%20client'), fresh: 'three words' },
    sites('by supervisor (Z-A)', '?sort=supervisorName.string.desc'),
    sites(`page ${siteDeep} (by address)`, `?sort=address.string.asc&page=${siteDeep}`),
    { ...sites(`page ${siteDeep} (by address), typed link`, `?sort=address.string.asc&page=${siteDeep}`), typed: true },
    clients('page 1', ''),
    clients('search "build 12"', '?search=build%2012'),
    clients('search "a", a first letter', '?search=a'),
    clients('search "bu", two letters', '?search=bu'),
    clients(`page ${clientDeep} (by name)`, `?sort=name.string.asc&page=${clientDeep}`),
    { ...clients(`page ${clientDeep} (by name), typed link`, `?sort=name.string.asc&page=${clientDeep}`), typed: true },
  ];
}

const queryOf = (urlPath: string) => Object.fromEntries(new URL(urlPath, 'http://bench').searchParams);

/** The scenario's path with a search of its own for each call (`newSearches`, `newThreeWordSearches`). */
function searchedAfresh(urlPath: string, words: NonNullable<Scenario['fresh']>): () => string {
  const url = new URL(urlPath, 'http://bench');
  const search = url.searchParams.get('search') ?? '';
  const searches = words === 'six words' ? newSearches(search) : newThreeWordSearches(search);
  return () => {
    url.searchParams.set('search', searches.next());
    return url.pathname + url.search;
  };
}
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** `connections` callers in a loop for the bench's seconds, as autocannon does over HTTP. */
async function runDirect(call: () => Promise<unknown>, connections: number): Promise<Figures> {
  for (let i = 0; i < 3; i++) await call();
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        await call();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function runApi(baseUrl: string, urlPath: string, token: string, connections: number, cpuGroups: CpuGroups, nextPath?: () => string, forSeconds = seconds): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(baseUrl + urlPath, { headers });
  if (!probe.ok) {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    console.log(`  ${urlPath} answers ${probe.status}: ${(await probe.text()).slice(0, 200)} (token ${JSON.stringify(claims)})`);
  }
  const { result, cpu } = await loadWithCpu({ url: baseUrl + urlPath, connections, seconds: forSeconds, headers, ...(nextPath ? { nextPath } : {}) }, cpuGroups);
  return {
    cpu,
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The page a deep scenario names, reached as the app does it: the page before, then its next-page link. */
async function resolvePath(baseUrl: string, scenario: Scenario, token: string): Promise<string> {
  const url = new URL(scenario.path, baseUrl);
  const page = Number(url.searchParams.get('page') ?? 1);
  if (page <= 1 || scenario.typed) return scenario.path;
  url.searchParams.set('page', String(page - 1));
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const before = (await response.json()) as { nextCursor?: string | null };
  if (!before.nextCursor) return scenario.path;
  const next = new URL(scenario.path, baseUrl);
  next.searchParams.set('after', before.nextCursor);
  return next.pathname + next.search;
}

/**
 * The SWMS among a search's that the supervisor had reviewed before the bench's select-all review: its way
 * back (every reviewed SWMS of the search to For Review, as a user would undo it) also sends these back.
 * Setting them as they were afterwards keeps a kept database (--keep, --reuse) as seeded from run to run.
 */
async function reviewedBefore(db: Db, companyId: string, search: string) {
  const states = await db.transaction().execute((trx) =>
    lockMatchingFlagStates(trx, { companyId, flag: 'supervisor', search, reviewFilter: 'reviewed', excludedIds: [] }),
  );
  return async () => {
    if (states.length === 0) return;
    await sql`
      UPDATE swms AS s SET supervisor_reviewed_at = v.reviewed_at, supervisor_reviewed_by = v.reviewed_by
      FROM unnest(${states.map((state) => state.id)}::uuid[], ${states.map((state) => state.reviewedAt)}::timestamptz[],
                  ${states.map((state) => state.reviewedBy)}::uuid[]) AS v(id, reviewed_at, reviewed_by)
      WHERE s.id = v.id`.execute(db);
  };
}

/**
 * Select-all review of about 5,000 SWMS (a search and the For Review filter), then back: one call each way.
 * `db` (PostgreSQL's; PGlite's folder is the portal's then, and dropped after) sets the SWMS reviewed before as they were.
 */
async function bulkReview(baseUrl: string, seed: ListSeed, token: string, db: Db | undefined) {
  const restore = db ? await Promise.all(['noah', 'olivia'].map((search) => reviewedBefore(db, seed.companyId, search))) : [];
  const matching = { search: 'olivia', filter: 'status.string.forReview' };
  const listed = (await (await fetch(`${baseUrl}/api/company/${seed.companyId}/swms?search=olivia&filter=status.string.forReview`, {
    headers: { authorization: `Bearer ${token}` },
  })).json()) as { total: number };
  const put = async (body: unknown) => {
    const begun = performance.now();
    const response = await fetch(`${baseUrl}/api/company/${seed.companyId}/swms`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { matched?: number; changed?: number };
    return { ms: performance.now() - begun, status: response.status, changed: answer.changed ?? 0 };
  };
  // A long-running portal has reviewed before: the first select-all of a fresh process also compiles the triggers'
  // functions and, on PGlite, runs its WebAssembly before V8 has optimised the hot parts. So another tradesperson's
  // SWMS (Noah's) are reviewed and back first, and that first, cold review is printed too.
  const cold = await put({ matching: { search: 'noah', filter: 'status.string.forReview' }, status: 'reviewed' });
  await put({ matching: { search: 'noah', filter: 'status.string.reviewed' }, status: 'forReview' });
  const reviewed = await put({ matching, status: 'reviewed' });
  // Back to For Review as a user undoes it: every Olivia SWMS with the supervisor's flag set, those reviewed before the run too.
  const back = await put({ matching: { search: 'olivia', filter: 'status.string.reviewed' }, status: 'forReview' });
  for (const setBack of restore) await setBack();
  console.log(
    `Bulk review (select-all over ${fixed(listed.total)} SWMS): reviewed ${fixed(reviewed.changed)} in ${fixed(reviewed.ms)} ms (${reviewed.status}); ` +
      `${fixed(back.changed)} back to For Review in ${fixed(back.ms)} ms (${back.status}; every reviewed one of the search${db ? ', then those reviewed before set as they were' : ''}); ` +
      `the process's first select-all (warm-up): ${fixed(cold.changed)} in ${fixed(cold.ms)} ms`,
  );
}

/**
 * What the analyses a select-all review makes due take (autovacuum's beside the requests on PostgreSQL; on PGlite the
 * owner's maintenance, holding its one connection): the SWMS, their For Review queue and the audit events.
 */
async function analysesAfterReview(db: Db) {
  const took: string[] = [];
  for (const table of ['swms', 'swms_awaiting_review', 'audit_events']) {
    const begun = performance.now();
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
    took.push(`${table} ${fixed(performance.now() - begun)} ms`);
  }
  console.log(`The analyses that review makes due: ${took.join(', ')}`);
}

async function cliToken(env: Record<string, string>, email: string): Promise<string> {
  const { code, stdout, stderr } = await runCliProcess(['token', email], env);
  if (code !== 0) throw new Error(`cli token ${email} exited ${code}: ${stderr.trim()}`);
  return stdout.trim();
}

const fixed = (value: number, digits = 0) => value.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const micros = (value: number | undefined) => (value === undefined ? '-' : fixed(value));

/** The widest scenario name ('SWMS: page 250 (Job No. Low-High), typed link') and a space. */
const nameWidth = 48;

function printRow(name: string, api: Figures, direct: Figures) {
  console.log(
    [
      name.padEnd(nameWidth),
      fixed(api.rate).padStart(8),
      fixed(api.p50, 1).padStart(9),
      fixed(api.p99, 1).padStart(9),
      fixed(api.bytes ?? 0).padStart(8),
      fixed(direct.rate).padStart(8),
      fixed(direct.p50, 1).padStart(9),
      fixed(direct.p99, 1).padStart(9),
      fixed(api.rate / direct.rate, 2).padStart(7),
      micros(api.cpu?.portal).padStart(8),
      micros(api.cpu?.postgres).padStart(8),
      micros(api.cpu?.load).padStart(7),
      micros(api.cpu?.ceiling).padStart(9),
      api.failed ? `  ${api.failed} failed` : '',
    ].join(''),
  );
}

async function benchmark(kind: 'postgres' | 'pglite') {
  const connections = kind === 'postgres' ? 32 : 8;
  const started = performance.now();
  const database = await benchDatabase(kind, { serverUrl, publicUrl: benchPublicUrl, name: options.reuse ?? `portal_bench_${process.pid}`, reuse: options.reuse !== undefined });
  const { env, dataDir } = database;
  let db = database.db;
  let portal: PortalProcess | undefined;
  try {
    await migrate(db);
    const reused = kind === 'postgres' && options.reuse !== undefined;
    let seed: ListSeed;
    if (reused) {
      // A kept database has the size it was seeded with, whatever --swms says now.
      const kept = await seededLists(db);
      Object.assign(size, kept.size);
      seed = kept;
    } else {
      seed = await seedLists(db, size);
    }
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${fixed(size.swms)} SWMS on ${fixed(size.sites)} sites, ` +
        `${fixed(size.clients)} clients, ${reused ? `reused ${options.reuse}` : 'seeded'} in ${fixed((performance.now() - started) / 1000, 1)} s; ${connections} connections, ${seconds} s per run`,
    );
    const list = scenarios(seed).filter((scenario) => !options.only || scenario.name.toLowerCase().includes(options.only.toLowerCase()));
    // The embedded database folder has one owner process at a time: the bench and the portal take turns.
    if (kind === 'pglite') await db.destroy();
    /** A scenario's service function called directly, at the API's concurrency. */
    const measureDirect = (scenario: Scenario, path: string) => {
      const nextPath = scenario.fresh ? searchedAfresh(path, scenario.fresh) : () => path;
      return runDirect(() => scenario.direct(db, queryOf(nextPath())), connections);
    };
    const directFigures = new Map<string, Figures>();
    const runDirectAll = async (paths: Map<string, string>) => {
      for (const scenario of list) directFigures.set(scenario.name, await measureDirect(scenario, paths.get(scenario.name) ?? scenario.path));
    };
    portal = await startPortal({ ...env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SERVE_SPA: 'false' }, 180_000);
    const tokens: Record<Role, string> = {
      admin: await cliToken(env, seed.adminEmail),
      supervisor: await cliToken(env, seed.supervisorEmail),
      superUser: await cliToken(env, seed.superUserEmail),
    };
    const paths = new Map<string, string>();
    for (const scenario of list) paths.set(scenario.name, await resolvePath(portal.baseUrl, scenario, tokens[scenario.role]));
    if (kind === 'pglite') {
      await portal.stop();
      portal = undefined;
      db = await openDatabase({ dataDir: path.join(dataDir ?? '', 'pglite') });
      await runDirectAll(paths);
      await db.destroy();
      portal = await startPortal({ ...env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SERVE_SPA: 'false' }, 180_000);
    } else {
      await runDirectAll(paths);
    }
    // PGlite runs inside the portal's process, so its time is in the portal's column.
    const localPostgres = kind === 'postgres' && isLocalServer(env.DATABASE_URL ?? '');
    const running = portal;
    /** A scenario over HTTP at `connections`, with the CPU each request cost. */
    const measureApi = (scenario: Scenario, path: string, forSeconds = seconds) =>
      runApi(running.baseUrl, path, tokens[scenario.role], connections, { portalPid: running.child.pid, localPostgres }, scenario.fresh ? searchedAfresh(path, scenario.fresh) : undefined, forSeconds);
    // A portal in service is warm: each scenario first runs for a second over HTTP, unmeasured, so that the first one
    // measured does not also pay for compiling the portal's code.
    for (const scenario of list) await measureApi(scenario, paths.get(scenario.name) ?? scenario.path, 1);
    console.log(
      `${'scenario'.padEnd(nameWidth)}${'API/s'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'bytes'.padStart(8)}${'SQL/s'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'ratio'.padStart(7)}` +
        `${'portal'.padStart(8)}${'pg'.padStart(8)}${'load'.padStart(7)}${'ceiling'.padStart(9)}`,
    );
    for (const scenario of list) {
      const api = await measureApi(scenario, paths.get(scenario.name) ?? scenario.path);
      printRow(scenario.name, api, directFigures.get(scenario.name) ?? { rate: Number.NaN, p50: Number.NaN, p99: Number.NaN });
    }
    console.log(
      `(ms for p50 and p99; bytes per response; ratio = API req/s over direct req/s; portal, pg and load = µs of CPU per API request in the portal's ` +
        `process${kind === 'pglite' ? ' (PGlite included)' : ''}, the local PostgreSQL server's processes and this load generator; ceiling = the req/s ` +
        `their sum allows on this machine's ${availableParallelism()} cores when they share them)`,
    );
    if (!options.only || 'bulk review'.includes(options.only.toLowerCase())) {
      await bulkReview(running.baseUrl, seed, tokens.supervisor, kind === 'postgres' ? db : undefined);
      // The bench measures a freshly analysed database; a server's own analyses come only after a tenth of a table has
      // changed, and a plan priced on stale statistics can differ (a million SWMS' search once passed jit_above_cost so).
      if (options.churned && kind === 'postgres') {
        console.log(`After that review and back, not analysed since (--churned; the same columns):`);
        for (const scenario of scenarios(seed).filter((each) => each.name.startsWith('SWMS'))) {
          const path = paths.get(scenario.name) ?? (await resolvePath(running.baseUrl, scenario, tokens[scenario.role]));
          const direct = await measureDirect(scenario, path);
          printRow(scenario.name, await measureApi(scenario, path), direct);
        }
      }
      if (kind === 'postgres') {
        await analysesAfterReview(db);
      } else {
        // The folder has one owner: the portal hands it back to the bench for its analyses.
        await running.stop();
        portal = undefined;
        const owned = await openDatabase({ dataDir: path.join(dataDir ?? '', 'pglite') });
        await analysesAfterReview(owned).finally(() => owned.destroy());
      }
    }
  } finally {
    await portal?.stop();
    if (kind === 'postgres') {
      await db.destroy();
      if (options.keep || options.reuse) console.log(`kept ${env.DATABASE_URL}`);
      else await database.remove();
    }
    if (dataDir) await database.remove();
  }
}

await printMachineSpeed(serverUrl, 'at the start');
if (options.db === 'both' || options.db === 'postgres') await benchmark('postgres');
if (options.db === 'both' || options.db === 'pglite') await benchmark('pglite');
// The speed can change within a run too: the end's beside the start's shows whether it did.
await printMachineSpeed(serverUrl, 'at the end');
