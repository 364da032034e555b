import { createHash } from 'node:crypto';
import { collect, readArchive } from './archive';
import { DamagedArchiveError, manifestMemberName, parseManifest, type BackupManifest } from './manifest';

const manifestLimit = 64 * 1024 * 1024;

/**
 * Reads the whole archive once before anything is replaced: the manifest comes first, and every
 * member it lists is there once, with its size and SHA-256; nothing else is.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const unseen = new Map<string, BackupManifest['members'][number]>();
  try {
    for await (const member of readArchive(file)) {
      if (!manifest) {
        if (member.name !== manifestMemberName) throw new DamagedArchiveError(file, `its first member is ${member.name}, not ${manifestMemberName}`);
        manifest = parseManifest(file, (await collect(member.body, manifestLimit)).toString('utf8'));
        for (const listed of manifest.members) unseen.set(listed.name, listed);
        continue;
      }
      const listed = unseen.get(member.name);
      if (!listed) throw new DamagedArchiveError(file, `it holds ${member.name}, which its manifest does not list (or lists once)`);
      unseen.delete(member.name);
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of member.body) {
        hash.update(chunk);
        size += chunk.byteLength;
      }
      if (size !== listed.bytes || hash.digest('hex') !== listed.sha256) {
        throw new DamagedArchiveError(file, `${member.name} does not match its SHA-256 checksum in the manifest`);
      }
    }
  } catch (error) {
    if (error instanceof DamagedArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${file} does not exist`, { cause: error });
    throw new DamagedArchiveError(file, `it could not be read as a tar archive (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!manifest) throw new DamagedArchiveError(file, 'it is empty');
  const [missing] = unseen.keys();
  if (missing !== undefined) throw new DamagedArchiveError(file, `${missing} is missing (the archive may be cut short)`);
  return manifest;
}
