import { Schema } from 'effect';
import { decode } from '../../src/domain/decode';

export const backupFormat = 'sitesafe-portal-backup';
export const backupFormatVersion = 1;
export const manifestMemberName = 'manifest.json';
export const databaseMemberName = 'database/pgdata.tar.gz';
export const filesPrefix = 'files/';

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));

const ArchiveMember = Schema.Struct({
  name: Schema.String,
  bytes: Count,
  sha256: Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/)),
  /** Files only: the content type the blob is served with. */
  contentType: Schema.optionalKey(Schema.String),
});
export type ArchiveMember = typeof ArchiveMember.Type;

/** manifest.json, the archive's first member: what it holds and the SHA-256 of every other member. */
export const BackupManifest = Schema.Struct({
  format: Schema.Literal(backupFormat),
  formatVersion: Schema.Literal(backupFormatVersion),
  createdAt: Schema.String,
  appVersion: Schema.String,
  database: Schema.Struct({
    /** schema_migrations of the archived database, oldest first. */
    migrations: Schema.Array(Schema.String),
    rows: Schema.Record(Schema.String, Count),
  }),
  files: Schema.Struct({ count: Count, bytes: Count }),
  members: Schema.Array(ArchiveMember),
});
export type BackupManifest = typeof BackupManifest.Type;

export class DamagedArchiveError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a usable portal backup: ${reason}. Nothing was changed.`);
  }
}

/** Reads manifest.json, refusing anything that is not a manifest of this format. */
export function parseManifest(file: string, text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DamagedArchiveError(file, 'its manifest.json is not JSON');
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format === backupFormat && format.formatVersion !== backupFormatVersion) {
    throw new DamagedArchiveError(file, `it is format version ${String(format.formatVersion)}, and this portal reads version ${backupFormatVersion}`);
  }
  const decoded = decode(BackupManifest, json);
  if (!decoded.ok) throw new DamagedArchiveError(file, `its manifest.json is invalid (${decoded.issues[0].path || 'manifest'}: ${decoded.issues[0].message})`);
  const names = new Set(decoded.value.members.map((member) => member.name));
  if (!names.has(databaseMemberName)) throw new DamagedArchiveError(file, 'its manifest lists no database');
  if (names.size !== decoded.value.members.length) throw new DamagedArchiveError(file, 'its manifest lists a member twice');
  const stray = decoded.value.members.find((member) => member.name !== databaseMemberName && !(member.name.startsWith(filesPrefix) && member.name.length > filesPrefix.length));
  if (stray) throw new DamagedArchiveError(file, `its manifest lists ${stray.name}, which is neither the database nor a file`);
  return decoded.value;
}
