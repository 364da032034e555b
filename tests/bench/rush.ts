import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { signAccessToken } from '../../server/auth/access-token';
import { loadSigningKey } from '../../server/auth/signing-key';
import type { Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { rolesAndCompany } from '../../server/users/repository';
import { startPortal, type PortalProcess } from '../support/portal-process';
import { drawnSignature } from '../support/upload-fixtures';
import { benchDatabase } from './bench-database';
import { printMachineSpeed } from './machine-speed';
import { seedLists, type ListSeed } from './list-seed';

/**
 * Issue 57 §4, the 7 am rush: most of a site's workers check in and sign on to its SWMS in the half hour before work.
 * Seeds the list bench's company (`--swms` SWMS on 5,000 sites) and picks `--sites` of its open sites with `--workers`
 * tradespeople each; then every worker, `--connections` at a time, checks in, reads the site's SWMS to sign and signs on
 * to one (half draw, half type their name), while `--reviewers` reviewers page and filter the SWMS list and open the
 * sites' gap lists (as the company admin: a site's sign-ons are its supervisor's, its company's admins' and auditors'). Prints req/s, p50 and p99 per call and every failure, beside the goals, on PostgreSQL and PGlite;
 * then checks that every worker is checked in and signed on and that no gap list still names one.
 *
 * Run: npm run bench:rush [-- --db postgres|pglite|both] [--sites 500] [--workers 10] [--connections 64] [--reviewers 20] [--swms 100000]
 */
const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sites: { type: 'string', default: '500' },
    workers: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    reviewers: { type: 'string', default: '20' },
    swms: { type: 'string', default: '100000' },
  },
});
const rush = { sites: Number(options.sites), workersPerSite: Number(options.workers), connections: Number(options.connections), reviewers: Number(options.reviewers) };
const listSize = { swms: Number(options.swms), sites: Math.max(5000, rush.sites * 2), clients: 1000, trades: 2000 };
const benchPublicUrl = 'http://portal.bench.test';
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The goals of issue 57 §4 on PostgreSQL. */
const goals = { gateP99: 200, gateRate: 200, gapP99: 50 } as const;

interface RushSite {
  readonly id: string;
  readonly key: string;
  readonly swmsId: string;
}
interface Worker {
  readonly site: RushSite;
  readonly token: string;
  readonly name: string;
  readonly draws: boolean;
}

/** The rush's sites (open ones of the bench company) and their workers, with complete profiles so the gate lets them in. */
async function seedRush(db: Db, seed: ListSeed): Promise<{ sites: RushSite[]; workerIds: { id: string; siteIndex: number; name: string }[] }> {
  const picked = await sql<{ id: string; site_key: string }>`
    SELECT id, site_key FROM project_sites WHERE company_id = ${seed.companyId} AND status = 'ongoing' ORDER BY id LIMIT ${rush.sites}`.execute(db);
  if (picked.rows.length < rush.sites) throw new Error(`Only ${picked.rows.length} open sites to rush`);
  const total = rush.sites * rush.workersPerSite;
  const people = await sql<{ id: string; n: number; first_name: string; surname: string }>`
    INSERT INTO users (id, email, first_name, surname, phone, emergency_contact_name, emergency_contact_phone, whitecard_number)
    SELECT gen_random_uuid(), 'rush' || n || '@bench.test', 'Rush', 'Worker ' || n, '0412345678', 'Kin ' || n, '0298765432', 'WC' || n
    FROM generate_series(1, ${total}) AS n
    RETURNING id, substring(email FROM 5 FOR position('@' IN email) - 5)::int AS n, first_name, surname`.execute(db);
  await sql`
    INSERT INTO user_roles (id, user_id, company_id, role)
    SELECT gen_random_uuid(), id, NULL, 'TradesPerson' FROM users WHERE email LIKE 'rush%@bench.test'`.execute(db);
  // Each site's SWMS to sign, written by its first worker (the lists' own SWMS stay as they are).
  const sites: RushSite[] = [];
  const byNumber = new Map(people.rows.map((row) => [Number(row.n), row]));
  for (const [index, site] of picked.rows.entries()) {
    const author = byNumber.get(index * rush.workersPerSite + 1);
    if (!author) throw new Error('A rush site has no author');
    const swmsId = randomUUID();
    await sql`
      INSERT INTO swms (id, company_id, site_id, created_by, risk_consequence_level, risk_likelihood_level, risk_overall_level,
                        task_description, mobile_plant_tools, risk_text, control_text, ppe, high_risk_work)
      VALUES (${swmsId}, ${seed.companyId}, ${site.id}, ${author.id}, 3, 2, 6, 'Formwork and pour, level ' || ${index % 9},
              'Concrete pump, vibrators', 'Falls from the deck edge; concrete burns', 'Edge protection; gloves and sleeves',
              ARRAY['hard_hat', 'high_vis', 'safety_boots'], ARRAY['b'])`.execute(db);
    sites.push({ id: site.id, key: site.site_key, swmsId });
  }
  const workerIds = people.rows.map((row) => ({ id: row.id, siteIndex: Math.floor((Number(row.n) - 1) / rush.workersPerSite), name: `${row.first_name} ${row.surname}` }));
  await sql`ANALYZE`.execute(db);
  return { sites, workerIds };
}

async function tokensFor(db: Db, userIds: readonly string[]): Promise<string[]> {
  const key = await loadSigningKey({ jwtPrivateKey: undefined, dataDir: '' }, db);
  const tokens: string[] = [];
  for (const id of userIds) tokens.push(await signAccessToken(key, benchPublicUrl, id, await rolesAndCompany(db, id)));
  return tokens;
}

interface StaffTokens {
  readonly admin: string;
  readonly supervisor: string;
}

interface CallFigures {
  readonly latencies: number[];
  readonly failures: Map<string, number>;
}
const calls = new Map<string, CallFigures>();
const figuresOf = (name: string) => {
  let figures = calls.get(name);
  if (!figures) calls.set(name, (figures = { latencies: [], failures: new Map() }));
  return figures;
};

/** One timed call; a failure (network, or an answer outside 2xx) is counted by its status and first words. */
async function timed(name: string, baseUrl: string, route: string, token: string, body?: unknown): Promise<unknown> {
  const figures = figuresOf(name);
  const begun = performance.now();
  try {
    const response = await fetch(baseUrl + route, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    figures.latencies.push(performance.now() - begun);
    if (!response.ok) {
      const reason = `${response.status} ${text.slice(0, 120)}`;
      figures.failures.set(reason, (figures.failures.get(reason) ?? 0) + 1);
      return undefined;
    }
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    figures.latencies.push(performance.now() - begun);
    const reason = error instanceof Error ? error.message : String(error);
    figures.failures.set(reason, (figures.failures.get(reason) ?? 0) + 1);
    return undefined;
  }
}

/** A worker at the gate: check in, read the site's SWMS to sign, sign on to this site's one. */
async function arrive(baseUrl: string, worker: Worker, signature: string) {
  const site = worker.site;
  const checkedIn = await timed('check-in', baseUrl, `/api/site/${site.id}/checkin`, worker.token, { key: site.key, ppeConfirmed: true, safetyPlanAcknowledged: true });
  if (checkedIn === undefined) return;
  const toSign = (await timed('SWMS to sign', baseUrl, `/api/site/${site.id}/signons`, worker.token)) as { items?: { swmsId: string; revision: number }[] } | undefined;
  const swms = toSign?.items?.find((item) => item.swmsId === site.swmsId);
  if (!swms) {
    figuresOf('sign-on').failures.set('the site list did not offer its SWMS', (figuresOf('sign-on').failures.get('the site list did not offer its SWMS') ?? 0) + 1);
    return;
  }
  await timed('sign-on', baseUrl, `/api/site/${site.id}/swms/${swms.swmsId}/signon`, worker.token, {
    revision: swms.revision,
    signature: worker.draws ? { kind: 'drawn', image: signature } : { kind: 'typed', name: worker.name },
    confirmed: true,
  });
}

/** A reviewer's round while the gate is busy: the SWMS list, its For Review filter, a search, and a site's gap list. */
async function review(baseUrl: string, seed: ListSeed, tokens: StaffTokens, reviewer: number, sites: readonly RushSite[], round: number) {
  const site = sites[(round * 37) % sites.length];
  const list = `/api/company/${seed.companyId}/swms`;
  const token = reviewer % 2 === 0 ? tokens.admin : tokens.supervisor;
  await timed('reviewer: SWMS page 1', baseUrl, list, token);
  await timed('reviewer: SWMS For Review', baseUrl, `${list}?filter=status.string.forReview`, token);
  await timed('reviewer: SWMS search', baseUrl, `${list}?search=formwork`, token);
  if (site) await timed('reviewer: gap list', baseUrl, `/api/company/${seed.companyId}/projectSites/${site.id}/signon-gaps`, tokens.admin);
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const fixed = (value: number, digits = 0) => value.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printFigures(seconds: number, kind: 'postgres' | 'pglite') {
  console.log(`${'call'.padEnd(28)}${'count'.padStart(8)}${'req/s'.padStart(9)}${'p50'.padStart(9)}${'p99'.padStart(9)}  failures`);
  for (const [name, figures] of calls) {
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    const failed = [...figures.failures.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `${name.padEnd(28)}${fixed(sorted.length).padStart(8)}${fixed(sorted.length / seconds).padStart(9)}${fixed(percentile(sorted, 50), 1).padStart(9)}${fixed(percentile(sorted, 99), 1).padStart(9)}  ${failed}`,
    );
    for (const [reason, count] of figures.failures) console.log(`    ${count} x ${reason}`);
  }
  const gate = ['check-in', 'sign-on'].flatMap((name) => calls.get(name)?.latencies ?? []).sort((a, b) => a - b);
  const gaps = [...(calls.get('reviewer: gap list')?.latencies ?? [])].sort((a, b) => a - b);
  const errors = [...calls.values()].reduce((sum, figures) => sum + [...figures.failures.values()].reduce((a, b) => a + b, 0), 0);
  const gateRate = gate.length / seconds;
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const label = kind === 'postgres' ? 'goal' : 'PostgreSQL goal, for comparison';
  console.log(
    `check-in and sign-on together: ${fixed(gateRate)} req/s (${label} >= ${goals.gateRate}: ${verdict(gateRate >= goals.gateRate)}), ` +
      `p99 ${fixed(percentile(gate, 99), 1)} ms (< ${goals.gateP99}: ${verdict(percentile(gate, 99) < goals.gateP99)}); ` +
      `gap list p99 ${fixed(percentile(gaps, 99), 1)} ms (< ${goals.gapP99}: ${verdict(percentile(gaps, 99) < goals.gapP99)}); ` +
      `${errors} errors (0: ${verdict(errors === 0)})`,
  );
}

/** After the rush: every worker checked in and signed on to their site's SWMS, and no gap list naming anyone. */
async function verify(db: Db, sites: readonly RushSite[], workers: number) {
  const counted = await sql<{ open: string; signed: string }>`SELECT
    (SELECT count(*) FROM check_ins v JOIN users u ON u.id = v.user_id WHERE u.email LIKE 'rush%@bench.test' AND v.checked_out_at IS NULL) AS open,
    (SELECT count(DISTINCT (s.user_id, s.swms_id)) FROM swms_signons s JOIN users u ON u.id = s.user_id
      WHERE u.email LIKE 'rush%@bench.test' AND s.swms_id = ANY(${sites.map((site) => site.swmsId)}::uuid[])) AS signed`.execute(db);
  const row = counted.rows[0];
  console.log(`After the rush: ${fixed(Number(row?.open ?? 0))} of ${fixed(workers)} workers checked in, ${fixed(Number(row?.signed ?? 0))} signed on to their site's SWMS`);
}

async function benchmark(kind: 'postgres' | 'pglite') {
  calls.clear();
  const started = performance.now();
  const database = await benchDatabase(kind, { serverUrl, publicUrl: benchPublicUrl, name: `portal_rush_${process.pid}` });
  let db = database.db;
  const portalEnv = { ...database.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', SERVE_SPA: 'false' };
  let portal: PortalProcess | undefined;
  try {
    await migrate(db);
    const seed = await seedLists(db, listSize);
    const { sites, workerIds } = await seedRush(db, seed);
    const staff = await sql<{ id: string; email: string }>`SELECT id, email FROM users WHERE email IN (${seed.adminEmail}, ${seed.supervisorEmail})`.execute(db);
    const staffId = (email: string) => staff.rows.find((row) => row.email === email)?.id ?? '';
    const [admin = '', supervisor = ''] = await tokensFor(db, [staffId(seed.adminEmail), staffId(seed.supervisorEmail)]);
    const staffTokens: StaffTokens = { admin, supervisor };
    const workerTokens = await tokensFor(db, workerIds.map((worker) => worker.id));
    const signature = drawnSignature();
    // Workers arrive mixed across sites, as phones at 500 gates do.
    const workers: Worker[] = workerIds
      .map((worker, index) => ({ site: sites[worker.siteIndex] as RushSite, token: workerTokens[index] ?? '', name: worker.name, draws: index % 2 === 0 }))
      .sort((a, b) => a.token.localeCompare(b.token));
    console.log(
      `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${fixed(listSize.swms)} SWMS on ${fixed(listSize.sites)} sites; the rush: ${fixed(workers.length)} workers on ` +
        `${fixed(sites.length)} sites, ${rush.connections} connections, ${rush.reviewers} reviewers; seeded in ${fixed((performance.now() - started) / 1000, 1)} s (drawn signature ${fixed(signature.length / 1024, 1)} KB as sent)`,
    );
    // The embedded database folder has one owner process at a time: the portal's during the rush.
    if (kind === 'pglite') await db.destroy();
    portal = await startPortal(portalEnv, 180_000);
    const baseUrl = portal.baseUrl;
    // Each call once before the clock starts, as a portal that has served a while has compiled them.
    await review(baseUrl, seed, staffTokens, 0, sites, 0);
    calls.clear();

    let next = 0;
    let arriving = true;
    const rushBegun = performance.now();
    const gate = Promise.all(
      Array.from({ length: rush.connections }, async () => {
        for (let worker = workers[next++]; worker; worker = workers[next++]) await arrive(baseUrl, worker, signature);
      }),
    ).then(() => (arriving = false));
    const reviewers = Promise.all(
      Array.from({ length: rush.reviewers }, async (_, index) => {
        for (let round = index; arriving; round += rush.reviewers) await review(baseUrl, seed, staffTokens, index, sites, round);
      }),
    );
    await Promise.all([gate, reviewers]);
    const seconds = (performance.now() - rushBegun) / 1000;
    console.log(`The rush took ${fixed(seconds, 1)} s`);
    printFigures(seconds, kind);
    const lastGaps = await Promise.all(
      sites.slice(0, 20).map(async (site) => {
        const answer = (await timed('after: gap list', baseUrl, `/api/company/${seed.companyId}/projectSites/${site.id}/signon-gaps`, staffTokens.admin)) as { items?: unknown[] } | undefined;
        return answer?.items?.length ?? -1;
      }),
    );
    console.log(`Gap lists of ${lastGaps.length} rushed sites afterwards: ${lastGaps.filter((count) => count === 0).length} of ${lastGaps.length} empty`);
    if (kind === 'pglite') {
      await portal.stop();
      portal = undefined;
      db = await database.reopen();
    }
    await verify(db, sites, workers.length);
  } finally {
    await portal?.stop();
    await db.destroy();
    await database.remove();
  }
}

await printMachineSpeed(serverUrl, 'at the start');
for (const kind of options.db === 'both' ? (['postgres', 'pglite'] as const) : [options.db as 'postgres' | 'pglite']) await benchmark(kind);
await printMachineSpeed(serverUrl, 'at the end');
