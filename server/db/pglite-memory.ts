import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/** The size of the pages an operating system faults in, one at a time, on first touch. */
const osPageBytes = 4096;

/**
 * An embedded PGlite whose WebAssembly memory can be faulted in ahead of use.
 *
 * Issue 11: the first time PostgreSQL writes to a page of the WebAssembly memory (the shared buffers a bulk review's
 * cold reads fill, the memory of its hash joins), the operating system faults it in, a few milliseconds a MiB on a
 * virtual machine that hands freed memory back to its host; faulting it in before the portal listens keeps that cost
 * out of a process's first select-all review.
 */
export class EmbeddedPglite extends PGlite {
  static async open(dataDir: string, options: PGliteOptions): Promise<EmbeddedPglite> {
    const pglite = new EmbeddedPglite(dataDir, options);
    await pglite.waitReady;
    return pglite;
  }

  /**
   * Touches every page of the WebAssembly memory once, writing back the byte it reads, so that nothing changes but
   * the operating system backs each page now. PGlite's WebAssembly runs on this one thread, so nothing can write
   * between the read and the write back. Returns the bytes touched.
   */
  faultInMemory(): number {
    const memory = this.mod?.wasmMemory;
    if (!memory) return 0;
    const bytes = new Uint8Array(memory.buffer);
    for (let at = 0; at < bytes.length; at += osPageBytes) bytes[at] = bytes[at] ?? 0;
    return bytes.length;
  }

  /**
   * Whether the database holds at least as much as its shared buffers: its pages will then fill every buffer in
   * time, so faulting them in at the start costs no memory that use would not take anyway. A smaller database never
   * fills them, and its process stays smaller without.
   */
  async fillsItsBuffers(): Promise<boolean> {
    const { rows } = await this.query<{ fills: boolean }>(
      `SELECT pg_database_size(current_database()) >= pg_size_bytes(current_setting('shared_buffers')) AS fills`,
    );
    return rows[0]?.fills === true;
  }

  /** At opening, before any statement: faults in the memory of a database that will fill its buffers. The bytes touched, or 0. */
  async faultInIfFilled(): Promise<number> {
    return (await this.fillsItsBuffers()) ? this.faultInMemory() : 0;
  }
}
