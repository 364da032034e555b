/**
 * Issue 9 figures: the audit trail API at 1,000,000 events in one company (page 1, a filter, a search,
 * a deep cursor page, the CSV of a filter), the walk that verifies a chain, and what one combined PDF
 * of 500 SWMS costs. Run: npx tsx tests/api/bench-audit.ts   (PGlite; set TEST_DATABASE_URL for
 * PostgreSQL). Prints figures only; nothing is asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { verifyAuditChains } from '../../server/audit/verify';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, signedInAccount } from './test-app';

const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const linked = 100_000;
const runs = 30;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const { app, close } = await createTestApp();
  try {
    await seedDemo(app.db, app.storage);
    const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
    const company = admin.companyId;
    const actor = admin.userId;
    const headers = { authorization: `Bearer ${admin.token}` };

    // A million events on the company's chain. The link trigger is set aside for the load (it hashes one
    // row at a time); the rows carry chain positions after the demo's own, as the trigger would give them.
    const loadStarted = performance.now();
    const head = await app.db.selectFrom('audit_chain_heads').select(['seq', 'hash']).where('chain', '=', company).executeTakeFirstOrThrow();
    await app.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_link`.execute(trx);
      await sql`
        INSERT INTO audit_events (id, actor_user_id, actor_role, company_id, action, entity, entity_id, target_label, detail, created_at, chain, seq, prev_hash, hash)
        SELECT gen_random_uuid(), ${actor}, 'CompanyAdmin', ${company}::uuid,
               (ARRAY['swms.reviewed','swms.returnedForReview','site.status','site.update'])[1 + n % 4],
               CASE WHEN n % 4 < 2 THEN 'swms' ELSE 'project_site' END, gen_random_uuid(),
               'HB-' || (1000 + n % 300) || ' / task ' || n, jsonb_build_object('flag', 'companyAdmin', 'n', n),
               now() - make_interval(secs => ${events} - n), ${company}, ${Number(head.seq)} + n, md5(n::text), md5((n + 1)::text)
        FROM generate_series(1, ${events}) AS n`.execute(trx);
      await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_link`.execute(trx);
    });
    await sql`ANALYZE audit_events`.execute(app.db);
    console.log(`loaded ${events.toLocaleString()} events in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

    const scenarios: [string, string][] = [
      ['page 1', ''],
      ['action filter', '?action=site.status'],
      ['target filter', '?targetType=swms'],
      ['time window', `?from=${new Date(Date.now() - 3600_000).toISOString()}`],
      ['deep page (cursor 500,000)', '?cursor=500000'],
      ['search (label)', '?search=HB-1042'],
    ];
    console.log('scenario                     p50        p99      bytes');
    for (const [name, query] of scenarios) {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < runs + 3; run += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/company/${company}/audit${query}`, headers });
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
        if (run >= 3) times.push(performance.now() - started);
        bytes = response.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(28)} ${ms(percentile(times, 50)).padStart(9)}  ${ms(percentile(times, 99)).padStart(9)}  ${String(bytes).padStart(8)}`);
    }

    const csvStarted = performance.now();
    const csv = await app.inject({ method: 'GET', url: `/api/company/${company}/audit.csv?action=site.status&from=${new Date(Date.now() - 86_400_000).toISOString()}`, headers });
    console.log(`CSV of one day's site.status events: ${csv.body.split('\r\n').length - 2} rows, ${(csv.rawPayload.length / 1024).toFixed(0)} KB in ${ms(performance.now() - csvStarted)}`);

    // Verification walks a real chain: the demo's other company, grown to 100,000 linked events by the trigger.
    const other = await signedInAccount(app, 'admin@ridgeline.demo');
    const linkStarted = performance.now();
    await sql`
      INSERT INTO audit_events (id, actor_user_id, action, entity, entity_id, detail, company_id)
      SELECT gen_random_uuid(), ${other.userId}, 'site.update', 'company', ${other.companyId}::uuid, jsonb_build_object('n', n), ${other.companyId}::uuid
      FROM generate_series(1, ${linked}) AS n`.execute(app.db);
    console.log(`linked ${linked.toLocaleString()} events through the trigger in ${((performance.now() - linkStarted) / 1000).toFixed(1)} s`);
    const verifyStarted = performance.now();
    const verification = await verifyAuditChains(app.db, other.companyId);
    console.log(`verified ${verification.checked.toLocaleString()} events of one chain in ${((performance.now() - verifyStarted) / 1000).toFixed(1)} s (${verification.broken ? 'BROKEN' : 'whole'})`);

    // One combined PDF of 500 SWMS: the demo's SWMS of this company, copied up to 500.
    await sql`
      INSERT INTO swms (id, company_id, site_id, created_by, created_at, high_risk_work, risk_consequence_level, risk_likelihood_level,
                        risk_overall_level, task_description, mobile_plant_tools, risk_text, control_text, ppe, other_ppe)
      SELECT gen_random_uuid(), company_id, site_id, created_by, created_at - make_interval(days => copy), high_risk_work, risk_consequence_level,
             risk_likelihood_level, risk_overall_level, task_description, mobile_plant_tools, risk_text, control_text, ppe, other_ppe
      FROM swms, generate_series(1, 20) AS copy
      WHERE company_id = ${company}`.execute(app.db);
    const ids = (await app.db.selectFrom('swms').select('id').where('company_id', '=', company).limit(500).execute()).map((row) => row.id);
    const pdfStarted = performance.now();
    const many = await app.inject({ method: 'POST', url: `/api/company/${company}/swms/pdf`, headers: { ...headers, 'content-type': 'application/json' }, payload: { swmsIds: ids } });
    if (many.statusCode !== 200) throw new Error(`PDF: ${many.statusCode} ${many.body}`);
    const pdfMs = performance.now() - pdfStarted;
    console.log(`PDF of ${ids.length} SWMS: ${(many.rawPayload.length / 1024 / 1024).toFixed(1)} MB in ${(pdfMs / 1000).toFixed(1)} s (${ms(pdfMs / ids.length)} per SWMS)`);
  } finally {
    await close();
  }
}

await main();
