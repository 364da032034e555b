import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRequired } from '../../server/auth/access-token';
import { companyRemoved } from '../../server/auth/guards';
import { defaultRateLimits, type RateLimits } from '../../server/http/rate-limit-config';
import { matrixRoutes, unknownRecords, type MatrixRoute } from './access-matrix/routes';
import { methodsOf, routeName, tableDrift } from './route-entries';
import { makeWorld, principals, refreshWorld, scopes, type CompanyRecords, type Principal, type Scope, type World } from './access-matrix/world';
import { createTestApp } from './test-app';

/**
 * Issue 12 §5: an access matrix generated from the registered routes. Every route is called by every
 * principal (each role, no token, a deleted client's user) with its own company's records, another
 * company's and unknown ids. A principal the matrix lets through must get through; every other call
 * is refused, and then another company's record answers exactly as an unknown id does (bulk bodies and
 * records nested under one's own company included), so no answer tells that a record exists. A route
 * registered without an entry fails.
 */

// The limits are proved in rate-limits.test.ts; a thousand calls from one address would meet them here.
const unlimited = Object.fromEntries(Object.keys(defaultRateLimits).map((name) => [name, { perIp: 1_000_000, perAccount: 1_000_000, windowSeconds: 60 }])) as RateLimits;

let app: FastifyInstance;
let close: () => Promise<void>;
let world: World;
let calls = 0;
const cells = new Map<string, number>();

beforeAll(async () => {
  ({ app, close } = await createTestApp({ rateLimits: unlimited }));
  await app.reviewDigest.stop();
  world = await makeWorld(app);
}, 120_000);

afterAll(async () => {
  const refused = [...cells.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `Access matrix: ${matrixRoutes.length} route entries x ${principals.length} principals x ${scopes.length} scopes (own, other company, unknown id): ${calls.toLocaleString('en-AU')} calls, ${refused.toLocaleString('en-AU')} refusals compared foreign against unknown`,
  );
  await close?.();
});

interface Answer {
  readonly status: number;
  readonly body: string;
}

const ids = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** An answer with the ids it was asked about blanked out: another company's and an unknown id must read alike. */
const comparable = (answer: Answer) => ({ status: answer.status, body: answer.body.replace(ids, '<id>') });

function urlOf(route: MatrixRoute, records: CompanyRecords): string {
  const params = route.params?.(records) ?? {};
  const path = route.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => encodeURIComponent(params[name ?? '*'] ?? whole));
  const query = route.query?.(records);
  return query ? `${path}?${query}` : path;
}

async function call(route: MatrixRoute, method: string, principal: Principal, records: CompanyRecords): Promise<Answer> {
  calls += 1;
  const token = principal === 'NoToken' ? undefined : world.tokens[principal];
  const payload = route.body?.(records);
  const response = await app.inject({
    method: method as 'GET',
    url: urlOf(route, records),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    // The live feed stays open once let through: its headers are the answer.
    payloadAsStream: true,
  });
  const stream = response.stream();
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { status: response.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

const recordsOf = (scope: Scope, unknown: CompanyRecords): CompanyRecords => (scope === 'own' ? world.own : scope === 'other' ? world.other : unknown);

/** Another company's records, or unknown ones, under one's own company (or one's own profile). */
const nestedUnder = (records: CompanyRecords): CompanyRecords => ({ ...records, companyId: world.own.companyId, tradesUserId: world.own.tradesUserId });

const refusal = (status: number) => status === 401 || status === 403 || status === 404;
const goesThrough = (status: number) => status < 500 && !refusal(status);

// The super user calls last: it may delete a client the others still use.
const callingOrder: readonly Principal[] = [...principals.filter((principal) => principal !== 'SuperUser'), 'SuperUser'];

async function problemsOf(route: MatrixRoute, method: string): Promise<string[]> {
  const problems: string[] = [];
  const name = `${method} ${route.url}`;
  await refreshWorld(app, world);

  if (route.open) {
    const answers = new Map<Principal, Answer>();
    for (const principal of callingOrder) answers.set(principal, await call(route, method, principal, world.own));
    const statuses = new Set([...answers.values()].map((answer) => answer.status));
    if ([...statuses].some((status) => status >= 500) || statuses.size > 1) {
      problems.push(`${name}: an open route answers by who asks: ${[...answers].map(([who, answer]) => `${who} ${answer.status}`).join(', ')}`);
    }
    return problems;
  }

  const unknown = unknownRecords();
  for (const principal of callingOrder) {
    const reach = route.reach?.[principal];
    const answers = new Map<Scope, Answer>();
    for (const scope of route.unscoped ? (['own'] as const) : scopes) {
      await route.prepare?.(app, world);
      const answer = await call(route, method, principal, recordsOf(scope, unknown));
      answers.set(scope, answer);
      const cell = `${name} as ${principal} with ${scope === 'own' ? 'its own' : scope === 'other' ? "another company's" : 'an unknown'} record`;
      if (answer.status >= 500) {
        problems.push(`${cell}: ${answer.status} ${answer.body.slice(0, 120)}`);
        continue;
      }
      const letThrough = reach === 'any' ? scope !== 'unknown' : reach === 'own' && scope === 'own';
      if (letThrough && !goesThrough(answer.status)) problems.push(`${cell}: should get through, answered ${answer.status} ${answer.body.slice(0, 120)}`);
      if (!letThrough && answer.status < 400) problems.push(`${cell}: should be refused, answered ${answer.status} ${answer.body.slice(0, 120)}`);
      if (principal === 'NoToken' && !reach && (answer.status !== 401 || answer.body !== signInRequired)) problems.push(`${cell}: answered ${answer.status} ${answer.body.slice(0, 120)}, not 401 '${signInRequired}'`);
      if (principal === 'DeletedClientUser' && (answer.status !== 401 || answer.body !== companyRemoved)) problems.push(`${cell}: answered ${answer.status} ${answer.body.slice(0, 120)}, not 401 '${companyRemoved}'`);
    }

    const other = answers.get('other');
    const missing = answers.get('unknown');
    if (other && missing && reach !== 'any' && !route.capability) {
      cells.set(`${name} ${principal}`, 1);
      if (JSON.stringify(comparable(other)) !== JSON.stringify(comparable(missing))) {
        problems.push(`${name} as ${principal}: another company's record answers ${other.status} '${other.body.slice(0, 80)}', an unknown one ${missing.status} '${missing.body.slice(0, 80)}'`);
      }
    }

    // Another company's record, or an unknown one, under one's own company path or in a bulk body.
    if (route.nested && reach === 'own') {
      await route.prepare?.(app, world);
      const foreign = await call(route, method, principal, nestedUnder(world.other));
      await route.prepare?.(app, world);
      const nowhere = await call(route, method, principal, nestedUnder(unknown));
      cells.set(`${name} ${principal} nested`, 1);
      if (foreign.status >= 500 || goesThrough(foreign.status) !== goesThrough(nowhere.status) || JSON.stringify(comparable(foreign)) !== JSON.stringify(comparable(nowhere))) {
        problems.push(
          `${name} as ${principal}: another company's record under its own company answers ${foreign.status} '${foreign.body.slice(0, 80)}', an unknown one ${nowhere.status} '${nowhere.body.slice(0, 80)}'`,
        );
      }
    }
  }
  return problems;
}

/** The other company's SWMS and site as they were: no call of the matrix may change them. */
async function otherCompanyRecords() {
  const swms = await app.db.selectFrom('swms').select(['id', 'company_admin_reviewed_at', 'supervisor_reviewed_at']).where('company_id', '=', world.other.companyId).orderBy('id').execute();
  const sites = await app.db.selectFrom('project_sites').select(['id', 'status', 'site_number', 'site_key']).where('company_id', '=', world.other.companyId).orderBy('id').execute();
  return { swms, sites };
}

describe('the access matrix (issue 12 §5)', () => {
  it('has an entry for every registered route, and none for a route that is gone', () => {
    expect(tableDrift(matrixRoutes, app.registeredRoutes)).toEqual({ withoutEntry: [], withoutRoute: [] });
  });

  let before: Awaited<ReturnType<typeof otherCompanyRecords>>;
  it('reads the other company before the calls', async () => {
    before = await otherCompanyRecords();
    expect(before.swms.length).toBeGreaterThan(0);
  });

  const changesLast = matrixRoutes.filter((route) => route.url === '/api/company/:id' && methodsOf(route).includes('DELETE'));
  const rows = matrixRoutes.filter((route) => !changesLast.includes(route)).flatMap((route) => methodsOf(route).map((method) => [`${method} ${route.url}`, route, method] as const));

  it.each(rows)('%s: lets through whom it should, refuses the rest, and tells no other company apart from an unknown id', async (_name, route, method) => {
    expect(await problemsOf(route, method)).toEqual([]);
  });

  it('changed nothing of the other company', async () => {
    expect(await otherCompanyRecords()).toEqual(before);
  });

  it.each(changesLast.map((route) => [routeName(route), route] as const))('%s: lets through whom it should, and refuses the rest alike', async (_name, route) => {
    expect(await problemsOf(route, 'DELETE')).toEqual([]);
  });
});
