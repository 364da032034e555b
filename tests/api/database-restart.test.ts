import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableMessage } from '../../server/db/connection-errors';
import { companyBody } from '../support/company-body';
import { ownPostgres, type OwnPostgres } from '../support/own-postgres';
import { runCliProcess, startPortal, type PortalProcess } from '../support/portal-process';

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

interface Outcome {
  readonly status: number;
  readonly body: string;
  readonly name: string;
}

describe('the portal rides out a restart of its PostgreSQL', { timeout: 180_000 }, () => {
  let database: OwnPostgres;
  let portal: PortalProcess;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await ownPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    portal = await startPortal(env);
    expect((await runCliProcess(['superuser', 'add', 'operator@example.com'], env)).code).toBe(0);
    token = (await runCliProcess(['token', 'operator@example.com'], env)).stdout.trim();
  });
  afterAll(async () => {
    await portal?.stop();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createClient = async (): Promise<Outcome> => {
    const body = companyBody();
    const response = await fetch(`${portal.baseUrl}/api/company`, { method: 'POST', headers: json(token), body: JSON.stringify(body) }).catch(
      (error: Error) => ({ status: 0, text: async () => error.message }),
    );
    return { status: response.status, body: await response.text(), name: body.name };
  };
  const health = async () => (await fetch(`${portal.baseUrl}/api/health`)).status;

  it('keeps every acknowledged write through an immediate restart under a stream of writes', async () => {
    const outcomes: Outcome[] = [];
    let writing = true;
    // Several writers at once, so the restart catches connections lent out between the queries of a transaction.
    const writers = Array.from({ length: 8 }, async () => {
      while (writing) outcomes.push(await createClient());
    });
    // Each restart comes once the writers have more answers, so acknowledged writes on every side of them are checked.
    const moreAnswers = async (count: number) => {
      const from = outcomes.length;
      await expect.poll(() => outcomes.length - from, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(count);
    };
    await moreAnswers(20);
    await database.restart('immediate');
    await moreAnswers(1);
    await database.restart('immediate');
    await expect.poll(health, { timeout: 30_000, interval: 200 }).toBe(200);
    const acknowledgedSoFar = () => outcomes.filter((outcome) => outcome.status === 201).length;
    const beforeBack = acknowledgedSoFar();
    await expect.poll(() => acknowledgedSoFar() - beforeBack, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(20);
    writing = false;
    await Promise.all(writers);

    expect(portal.alive()).toBe(true);
    expect(await health()).toBe(200);
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].every((status) => status === 201 || status === 503), [...statuses].join(', ')).toBe(true);
    for (const failed of outcomes.filter((outcome) => outcome.status === 503)) expect(failed.body).toBe(databaseUnavailableMessage);
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.name);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect((await createClient()).status).toBe(201);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const stored = await client.query<{ name: string }>('SELECT name FROM companies WHERE name = ANY($1)', [acknowledged]).finally(() => client.end());
    expect(stored.rows.map((row) => row.name).sort()).toEqual([...acknowledged].sort());
    console.log(`database restart under writes: ${acknowledged.length} writes acknowledged, ${outcomes.length - acknowledged.length} answered 503, none lost`);
  });

  it('answers 503 with a human message and Retry-After while the database is down, and 200 once it is back', async () => {
    await database.stop('fast');
    expect(await health()).toBe(503);
    const write = await fetch(`${portal.baseUrl}/api/company`, { method: 'POST', headers: json(token), body: JSON.stringify(companyBody()) });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('5');
    expect(await write.text()).toBe(databaseUnavailableMessage);
    const read = await fetch(`${portal.baseUrl}/api/profile`, { headers: json(token) });
    expect(read.status).toBe(503);
    expect(portal.alive()).toBe(true);

    await database.start();
    await expect.poll(health, { timeout: 30_000, interval: 200 }).toBe(200);
    expect((await createClient()).status).toBe(201);
    expect((await fetch(`${portal.baseUrl}/api/profile`, { headers: json(token) })).status).toBe(200);
  });
});
