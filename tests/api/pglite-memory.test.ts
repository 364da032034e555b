import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPglite } from '../../server/db/pglite-memory';

/** The same database with a view of its WebAssembly memory, to check that faulting it in changes no byte. */
class Inspected extends EmbeddedPglite {
  memoryDigest(): string {
    const memory = this.mod?.wasmMemory;
    if (!memory) throw new Error('no WebAssembly memory');
    return createHash('sha256').update(new Uint8Array(memory.buffer)).digest('hex');
  }

  memoryBytes(): number {
    return this.mod?.wasmMemory.buffer.byteLength ?? 0;
  }
}

const opened: { pglite: PGlite; dir: string }[] = [];
afterAll(async () => {
  for (const { pglite, dir } of opened.splice(0)) {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function open(options: PGliteOptions = {}): Promise<Inspected> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-memory-'));
  const pglite = new Inspected(dir, options);
  await pglite.waitReady;
  opened.push({ pglite, dir });
  return pglite;
}

/** Issue 11: an embedded database that will fill its shared buffers has its memory faulted in when it opens. */
describe('the embedded database faults its memory in ahead of use', () => {
  /** A new database as the portal opens one: 128 MB of shared buffers. */
  let pglite: Inspected;
  beforeAll(async () => {
    pglite = await open();
  }, 60_000);

  it('the first pass faults the untouched pages in, and a second finds none left', () => {
    // Counted for the whole process: a Vitest worker runs its files one at a time, so nothing else runs here meanwhile,
    // and the passes allocate nothing.
    const faults = () => process.resourceUsage().minorPageFault;
    const start = faults();
    expect(pglite.faultInMemory()).toBe(pglite.memoryBytes());
    const first = faults() - start;
    pglite.faultInMemory();
    const second = faults() - start - first;
    // A new database has touched little of its 128 MB of shared buffers.
    expect(first).toBeGreaterThan(0);
    expect(second).toBeLessThan(first / 10);
  });

  it('touching every page changes no byte of the memory, and the database answers as before', async () => {
    await pglite.exec(`CREATE TABLE t (id int PRIMARY KEY, label text); INSERT INTO t SELECT g, 'row ' || g FROM generate_series(1, 5000) AS g;`);
    const before = pglite.memoryDigest();
    expect(pglite.faultInMemory()).toBe(pglite.memoryBytes());
    expect(pglite.memoryBytes()).toBeGreaterThan(100 * 1024 * 1024);
    expect(pglite.memoryDigest()).toBe(before);
    const { rows } = await pglite.query<{ count: number; last: string }>(`SELECT count(*)::int AS count, max(label) AS last FROM t`);
    expect(rows).toEqual([{ count: 5000, last: 'row 999' }]);
  });

  it('a database smaller than its shared buffers is left to fault in as it is used', async () => {
    expect(await pglite.fillsItsBuffers()).toBe(false);
    expect(await pglite.faultInIfFilled()).toBe(0);
  });

  it('a database at least as big as its shared buffers has all of its memory faulted in', async () => {
    const small = await open({ startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=1MB'] });
    const { rows } = await small.query<{ buffers: string; size: number }>(
      `SELECT current_setting('shared_buffers') AS buffers, pg_database_size(current_database())::float8 AS size`,
    );
    expect(rows[0]?.buffers).toBe('1MB');
    expect(rows[0]?.size).toBeGreaterThan(1024 * 1024);
    expect(await small.fillsItsBuffers()).toBe(true);
    expect(await small.faultInIfFilled()).toBe(small.memoryBytes());
  });
});
