import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** One member to write: its bytes in memory, or the path of a file holding them. */
export interface ArchiveEntry {
  readonly name: string;
  readonly bytes: number;
  readonly body: Uint8Array | { readonly path: string };
}

function addEntry(archive: Pack, entry: ArchiveEntry): Promise<void> {
  const header = { name: entry.name, size: entry.bytes, mode: 0o600, mtime: new Date() };
  if (entry.body instanceof Uint8Array) {
    const body = entry.body;
    return new Promise((resolve, reject) => archive.entry(header, body, (error) => (error ? reject(error) : resolve())));
  }
  const body = entry.body;
  return new Promise((resolve, reject) => {
    const sink = archive.entry(header, (error) => (error ? reject(error) : resolve()));
    pipeline(createReadStream(body.path), sink).catch(reject);
  });
}

/**
 * Writes a tar of the entries, in order, beside `file` first and renamed into place once complete. The
 * partial file is created afresh, so a leftover's mode is never inherited: the archive stays 0600. A
 * file that appeared at `file` while the archive was written is not replaced (rename, not a hard link,
 * so that a backup can go to a drive without hard links).
 */
export async function writeArchive(file: string, entries: readonly ArchiveEntry[]): Promise<number> {
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const archive = pack();
  const writing = pipeline(archive, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  try {
    for (const entry of entries) await addEntry(archive, entry);
    archive.finalize();
    await writing;
    if (existsSync(file)) throw new Error(`${file} already exists: choose another name, or remove it first`);
    await rename(partial, file);
    return (await stat(file)).size;
  } catch (error) {
    archive.destroy();
    await writing.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

export interface ReadMember {
  readonly name: string;
  readonly size: number;
  readonly body: AsyncIterable<Uint8Array>;
}

/** The members of a tar file, in order; each body must be read (or left) before the next member comes. */
export async function* readArchive(file: string): AsyncGenerator<ReadMember> {
  const members = extract();
  const reading = pipeline(createReadStream(file), members);
  reading.catch(() => undefined);
  try {
    for await (const member of members) {
      if (member.header.type === 'file') yield { name: member.header.name, size: member.header.size, body: member as AsyncIterable<Uint8Array> };
      member.resume();
    }
    await reading;
  } finally {
    members.destroy();
  }
}

export async function collect(body: AsyncIterable<Uint8Array>, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`more than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
