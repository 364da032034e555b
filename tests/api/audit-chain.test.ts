import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliApps } from '../../server/cli';
import { addSuperUser } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { createTestApp, type TestApp } from './test-app';

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** An app with a few events on the platform chain and on one company's chain. */
async function appWithHistory() {
  running = await createTestApp();
  const { app } = running;
  await addSuperUser(app.db, 'operator@example.com');
  const token = await app.auth.tokenForEmail('operator@example.com');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await app.inject({ method: 'POST', url: '/api/company', headers, payload: companyBody() });
  expect(created.statusCode).toBe(201);
  const companyId = created.json<{ _id: string }>()._id;
  const edited = await app.inject({ method: 'PUT', url: `/api/company/${companyId}`, headers, payload: companyBody({ name: 'Renamed Build Co' }) });
  expect(edited.statusCode).toBe(200);
  return { app, companyId };
}

async function verify(app: TestApp['app'], ...args: string[]) {
  const apps: CliApps = { accounts: async () => ({ app, close: async () => {} }), everything: async () => ({ app, close: async () => {} }) };
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['audit', 'verify', ...args], { out: (text) => out.push(text), err: (text) => err.push(text) }, apps);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const behindTheTriggersBack = (app: TestApp['app'], statement: ReturnType<typeof sql>) =>
  app.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_events DISABLE TRIGGER USER`.execute(trx);
    await statement.execute(trx);
    await sql`ALTER TABLE audit_events ENABLE TRIGGER USER`.execute(trx);
  });

describe('the audit trail', () => {
  it('links each event to the one before it, in one chain per company and one for the platform', async () => {
    const { app, companyId } = await appWithHistory();
    const events = await app.db.selectFrom('audit_events').select(['action', 'chain', 'seq', 'prev_hash', 'hash']).orderBy('chain').orderBy('seq').execute();
    const company = events.filter((event) => event.chain === companyId);
    expect(company.map((event) => event.action)).toEqual(['company.create', 'company.update']);
    expect(company.map((event) => Number(event.seq))).toEqual([1, 2]);
    expect(company[0]?.prev_hash).toBe('0'.repeat(64));
    expect(company[1]?.prev_hash).toBe(company[0]?.hash);
    expect(events.filter((event) => event.chain === 'platform').map((event) => event.action)).toContain('auth.signIn');

    const result = await verify(app);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(new RegExp(`^Audit trail verified: ${events.length} events in 2 chains`));
    expect(result.out).toContain(`${companyId}`);
    const own = await verify(app, '--company', companyId);
    expect(own.out).toMatch(/^Audit trail verified: 2 events in 1 chain\n/);
    expect(own.out).toContain(`head ${company[1]?.hash}`);
  });

  it('links many events written in one transaction, across a rolled-back savepoint, as one unbroken chain', async () => {
    const { app, companyId } = await appWithHistory();
    const event = (n: number) => ({ id: crypto.randomUUID(), action: 'company.update', entity: 'company', entity_id: companyId, detail: JSON.stringify({ n }) });
    await app.db.transaction().execute(async (trx) => {
      await trx.insertInto('audit_events').values([1, 2, 3].map(event)).execute();
      await sql`SAVEPOINT undone`.execute(trx);
      await trx.insertInto('audit_events').values([4, 5].map(event)).execute();
      await sql`ROLLBACK TO SAVEPOINT undone`.execute(trx);
      await trx.insertInto('audit_events').values([6, 7].map(event)).execute();
    });
    await app.db.insertInto('audit_events').values(event(8)).execute();
    const chain = await app.db.selectFrom('audit_events').select(['seq', 'detail']).where('chain', '=', companyId).orderBy('seq').execute();
    // company.create and company.update, then 1, 2, 3, 6, 7 and 8: the rolled-back 4 and 5 left no gap.
    expect(chain.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const detail = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as { n?: number }) : (value as { n?: number }));
    expect(chain.slice(2).map((row) => detail(row.detail).n)).toEqual([1, 2, 3, 6, 7, 8]);
    const result = await verify(app, '--company', companyId);
    expect(result.code, result.err).toBe(0);
  });

  it('is refused any UPDATE, DELETE or TRUNCATE by the database itself', async () => {
    const { app } = await appWithHistory();
    await expect(sql`UPDATE audit_events SET action = 'nothing.happened'`.execute(app.db)).rejects.toThrow(/append-only: UPDATE is refused/);
    await expect(sql`DELETE FROM audit_events`.execute(app.db)).rejects.toThrow(/append-only: DELETE is refused/);
    await expect(sql`TRUNCATE audit_events`.execute(app.db)).rejects.toThrow(/append-only: TRUNCATE is refused/);
    expect((await verify(app)).code).toBe(0);
  });

  it('names the first event whose content was altered behind the trigger’s back', async () => {
    const { app, companyId } = await appWithHistory();
    const first = await app.db.selectFrom('audit_events').select('id').where('chain', '=', companyId).where('seq', '=', 1 as never).executeTakeFirstOrThrow();
    await behindTheTriggersBack(app, sql`UPDATE audit_events SET detail = '{"name":"Someone Else"}' WHERE id = ${first.id}`);
    const result = await verify(app);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`Audit trail broken at event ${first.id} (chain ${companyId}, #1): its content was altered after it was written`);
  });

  it('names the event after one that was removed, and a chain whose last events were removed', async () => {
    const { app, companyId } = await appWithHistory();
    const second = await app.db.selectFrom('audit_events').select('id').where('chain', '=', companyId).where('seq', '=', 2 as never).executeTakeFirstOrThrow();
    await behindTheTriggersBack(app, sql`DELETE FROM audit_events WHERE id = ${second.id}`);
    const result = await verify(app, '--company', companyId);
    expect(result.code).toBe(1);
    expect(result.err).toContain('events were removed from its end');
  });

  it('names an event inserted out of order', async () => {
    const { app, companyId } = await appWithHistory();
    const first = await app.db.selectFrom('audit_events').selectAll().where('chain', '=', companyId).where('seq', '=', 1 as never).executeTakeFirstOrThrow();
    await behindTheTriggersBack(
      app,
      sql`UPDATE audit_events SET seq = seq + 1 WHERE chain = ${companyId} AND seq >= 2`,
    );
    await behindTheTriggersBack(
      app,
      sql`INSERT INTO audit_events (id, actor_user_id, action, entity, entity_id, detail, company_id, chain, seq, prev_hash, hash)
          VALUES (gen_random_uuid(), ${first.actor_user_id}, 'company.update', 'company', ${companyId}, '{}', ${companyId}, ${companyId}, 2, ${'f'.repeat(64)}, ${'e'.repeat(64)})`,
    );
    const result = await verify(app, '--company', companyId);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/#2\): it does not follow the event before it/);
  });

  it('refuses a malformed company id with the usage', async () => {
    running = await createTestApp();
    expect((await verify(running.app, '--company', 'not-a-uuid')).code).toBe(2);
  });
});
