import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits, type RateLimits } from '../../server/http/rate-limit-config';
import { routeCases, type FuzzCase } from './fuzz/cases';
import { oddPaths } from './fuzz/hostile';
import { makeFixtures, refreshFixtures, type Fixtures } from './fuzz/fixtures';
import { fuzzRoutes, type FuzzRoute } from './fuzz/routes';
import { routeName, tableDrift } from './route-entries';
import { invalidStoredText, problemsWith, watchWrites, type Answer } from './fuzz/verdicts';
import { createTestApp } from './test-app';

/**
 * Issue 12 §4: every registered route is sent hundreds of inputs generated with fast-check from the
 * effect Schemas it decodes with (effect's Schema Arbitrary gives valid values, which are then spoiled
 * field by field), and bodies, queries and paths built to break a parser: over 10,000 in all. No answer
 * may be a 5xx; every refusal is a sentence that names the field it is about; a refusal writes nothing,
 * and no stored text breaks the text rule. FUZZ_SEED varies or replays a run.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_260_412);

// The limits are proved in rate-limits.test.ts; here they would turn thousands of inputs into 429s before validation.
const unlimited = Object.fromEntries(Object.keys(defaultRateLimits).map((name) => [name, { perIp: 1_000_000, perAccount: 1_000_000, windowSeconds: 60 }])) as RateLimits;

/**
 * On a PostgreSQL server the routes are fuzzed in two lanes at once, each an app on a database of its own with its own
 * write watcher, so a refusal's writes are still counted against the one input that was sent: while one lane's input
 * waits on its database, the other's runs here. Each lane takes every other route, one after another. Embedded, the
 * database runs in this thread too, so there is one lane.
 */
interface Lane {
  readonly app: FastifyInstance;
  readonly close: () => Promise<void>;
  readonly fixtures: Fixtures;
  readonly writes: () => Promise<number>;
}
const laneCount = process.env.TEST_DATABASE_URL ? 2 : 1;
const lanes: Lane[] = [];
const laneOf = (route: FuzzRoute) => lanes[fuzzRoutes.indexOf(route) % lanes.length]!;
/** Each route's violations, fuzzed from beforeAll on; its test waits for them. */
const results = new Map<FuzzRoute, Promise<Violation[]>>();
const tried = new Map<string, { readonly inputs: number; readonly ms: number }>();

async function openLane(): Promise<Lane> {
  const { app, close } = await createTestApp({ rateLimits: unlimited });
  try {
    await app.reviewDigest.stop();
    return { app, close, fixtures: await makeFixtures(app), writes: await watchWrites(app) };
  } catch (error) {
    await close();
    throw error;
  }
}

beforeAll(async () => {
  lanes.push(...(await Promise.all(Array.from({ length: laneCount }, openLane))));
  for (const lane of lanes) {
    let previous: Promise<unknown> = Promise.resolve();
    for (const route of fuzzRoutes.filter((candidate) => laneOf(candidate) === lane)) {
      const result = previous.then(() => fuzz(lane, route));
      // A route that throws fails its own test; the lane goes on with the next route.
      previous = result.catch(() => undefined);
      results.set(route, result);
    }
  }
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(results.values());
  const runs = [...tried.values()];
  const total = runs.reduce((sum, run) => sum + run.inputs, 0);
  const seconds = runs.reduce((sum, run) => sum + run.ms, 0) / 1000;
  const lines = fuzzRoutes
    .map(routeName)
    .flatMap((route) => {
      const run = tried.get(route);
      return run ? [`${String(run.inputs).padStart(7)} inputs ${String(Math.round(run.ms)).padStart(6)} ms  ${route}`] : [];
    });
  console.log(`Fuzzed ${total.toLocaleString('en-AU')} inputs over ${tried.size} routes in ${seconds.toFixed(1)} s of ${laneCount} lanes (seed ${seed}):\n${lines.join('\n')}`);
  await Promise.all(lanes.map((lane) => lane.close()));
});

interface Violation {
  readonly problem: string;
  readonly kind: string;
  readonly example: string;
  count: number;
}

const excerpt = (text: string | undefined, length: number) => (text === undefined ? '' : text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);

async function send({ app, fixtures }: Lane, route: FuzzRoute, fuzzCase: FuzzCase): Promise<Answer> {
  const token = route.as === 'anonymous' ? undefined : fixtures.tokens[route.as];
  const response = await app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(fuzzCase.contentType === undefined ? {} : { 'content-type': fuzzCase.contentType }),
    },
    ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
  });
  return { statusCode: response.statusCode, body: response.body, contentType: String(response.headers['content-type'] ?? '') };
}

/** Sends the route's inputs one after another; violations are grouped by problem and kind of input, with one example each. */
async function fuzz(lane: Lane, route: FuzzRoute): Promise<Violation[]> {
  const { app, fixtures, writes } = lane;
  const started = performance.now();
  await refreshFixtures(app, fixtures);
  // A seed per route: two routes writing the same records (POST and PUT company) draw different values.
  const routeSeed = seed + fuzzRoutes.indexOf(route);
  const cases = fc.sample(routeCases(route, fixtures, routeSeed), { numRuns: route.runs, seed: routeSeed });
  const violations = new Map<string, Violation>();
  let before = await writes();
  for (const fuzzCase of cases) {
    const answer = await send(lane, route, fuzzCase);
    const after = await writes();
    const refused = answer.statusCode >= 400 && answer.statusCode < 500;
    for (const problem of problemsWith(fuzzCase, answer, route.answers ?? 'message', refused && after !== before)) {
      const key = `${problem} | ${fuzzCase.kind}`;
      const seen = violations.get(key);
      if (seen) seen.count += 1;
      else {
        const request = `${fuzzCase.method} ${excerpt(fuzzCase.url, 120)}${fuzzCase.contentType ? ` [${fuzzCase.contentType}]` : ''} ${excerpt(fuzzCase.payload, 160)}`;
        violations.set(key, { problem, kind: fuzzCase.kind, example: `${request} -> ${answer.statusCode} ${excerpt(answer.body, 200)}`, count: 1 });
      }
    }
    before = after;
  }
  tried.set(routeName(route), { inputs: cases.length, ms: performance.now() - started });
  return [...violations.values()];
}

describe('fuzzing every route (issue 12 §4)', () => {
  it('has a fuzz entry for every registered route, and none for a route that is gone', () => {
    expect(tableDrift(fuzzRoutes, lanes[0]!.app.registeredRoutes)).toEqual({ withoutEntry: [], withoutRoute: [] });
  });

  it.each(fuzzRoutes.map((route) => [routeName(route), route] as const))(
    '%s: never a 5xx, every refusal a human message naming its field, nothing written on a refusal',
    async (_name, route) => {
      expect(await results.get(route)).toEqual([]);
    },
    60_000,
  );

  it('stored no text the text rule forbids', async () => {
    await Promise.allSettled(results.values());
    for (const lane of lanes) expect(await invalidStoredText(lane.app)).toEqual([]);
  });

  it('tried at least 10,000 inputs', async () => {
    await Promise.allSettled(results.values());
    expect([...tried.values()].reduce((sum, run) => sum + run.inputs, 0)).toBeGreaterThanOrEqual(10_000);
  });
});

/** Sends `target` byte for byte over a socket (light-my-request and fetch would parse and tidy it first). */
function rawRequest(baseUrl: string, method: string, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const request = http.request({ host: hostname, port, method, path: target }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), contentType: String(response.headers['content-type'] ?? '') }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('fuzzing the request target of the served web app (issue 55 §11)', () => {
  let spa: { baseUrl?: string; close(): Promise<void> };
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>SiteSafe Portal</title>');
    spa = await createTestApp({ serveSpa: true, distDir, rateLimits: unlimited }, { listen: true });
  }, 120_000);
  afterAll(async () => {
    await spa?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers odd paths (doubled slashes, backslashes, dot segments, bad encoding) with a page or a refusal, never a 5xx', async () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom('GET', 'HEAD'), oddPaths), { numRuns: 400, seed });
    const failures: string[] = [];
    for (const [method, target] of cases) {
      const answer = await rawRequest(spa.baseUrl ?? '', method, target.value);
      if (answer.statusCode >= 500) failures.push(`${method} ${target.value} (${target.kind}) -> ${answer.statusCode} ${excerpt(answer.body, 120)}`);
    }
    expect([...new Set(failures)]).toEqual([]);
  }, 60_000);
});
