import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPortal } from '../support/portal-process';

/**
 * Issue 11 §3: the portal's memory under a flood of unauthorised API calls, on PostgreSQL. Starts the
 * real start script on a fresh database (TEST_DATABASE_URL's server, default the local one), sends
 * 60,000 requests with a forged bearer token from 64 connections, samples the server's RSS every
 * 100 ms, and prints req/s, p50, p99 and the peak RSS. Goal: under 300 MiB. Run: npm run bench:flood
 */
const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `portal_flood_${process.pid}`;
const requests = 60_000;
const connections = 64;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

await onServer(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(server), { pathname: `/${name}` }).href;
const portal = await startPortal({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', SEED_DEMO: 'false' }, 120_000);
try {
  const pid = portal.child.pid ?? 0;
  const idle = rssMiB(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  const forged = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjo0MTAyNDQ0ODAwLCJyb2xlcyI6WyJTdXBlclVzZXIiXSwiY29tcGFueSI6bnVsbH0.' + 'A'.repeat(86);
  const latencies: number[] = [];
  let sent = 0;
  let unexpected = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < requests) {
        sent += 1;
        const begun = performance.now();
        const response = await fetch(`${portal.baseUrl}/api/company`, { headers: { authorization: `Bearer ${forged}` } });
        await response.arrayBuffer();
        latencies.push(performance.now() - begun);
        if (response.status !== 401) unexpected += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? Number.NaN;
  console.log(`${requests} forged-token requests from ${connections} connections on PostgreSQL, request logging on (LOG_LEVEL=info)`);
  console.log(`${(requests / seconds).toFixed(0)} req/s · p50 ${at(50).toFixed(1)} ms · p99 ${at(99).toFixed(1)} ms · not 401: ${unexpected}`);
  console.log(`server RSS: idle ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${rssMiB(pid).toFixed(0)} MiB (goal: peak < 300 MiB)`);
} finally {
  await portal.stop();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
