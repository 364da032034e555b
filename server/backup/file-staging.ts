import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../storage/blob-store';
import { sha256 } from './archive';

export interface StagedFile {
  readonly fileKey: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly path: string;
  readonly etag: string | undefined;
}

/**
 * A copy of the blob container in a local folder, brought up to date by each `catchUp`: only blobs
 * new or written again since the last pass are downloaded, and deleted ones are dropped. The
 * backup copies everything first, then catches up once more while the database is held still.
 */
export class FileStaging {
  readonly #folder: string;
  readonly #files = new Map<string, StagedFile>();
  #nextName = 0;

  constructor(folder: string) {
    this.#folder = folder;
  }

  async catchUp(store: BlobStore): Promise<void> {
    const present = new Set<string>();
    for await (const listed of store.listFiles()) {
      const staged = this.#files.get(listed.fileKey);
      if (staged && listed.etag !== undefined && staged.etag === listed.etag) {
        present.add(listed.fileKey);
        continue;
      }
      const bytes = await store.readFile(listed.fileKey);
      // Deleted between the listing and the download.
      if (bytes === null) continue;
      const copy = path.join(this.#folder, String(this.#nextName++));
      await writeFile(copy, bytes);
      if (staged) await rm(staged.path, { force: true });
      this.#files.set(listed.fileKey, {
        fileKey: listed.fileKey,
        contentType: listed.contentType ?? 'application/octet-stream',
        bytes: bytes.byteLength,
        sha256: sha256(bytes),
        path: copy,
        etag: listed.etag,
      });
      present.add(listed.fileKey);
    }
    for (const [fileKey, staged] of this.#files) {
      if (present.has(fileKey)) continue;
      this.#files.delete(fileKey);
      await rm(staged.path, { force: true });
    }
  }

  files(): StagedFile[] {
    return [...this.#files.values()].sort((a, b) => (a.fileKey < b.fileKey ? -1 : a.fileKey > b.fileKey ? 1 : 0));
  }
}
