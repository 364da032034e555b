import type { FolderContents } from './folder-contents';
import { totalRows } from './table-counts';

export const embeddedOnly =
  'Backup and restore cover the embedded database and blob store under DATA_DIR. With DATABASE_URL or ' +
  'AZURE_STORAGE_CONNECTION_STRING set, back up PostgreSQL and Azure Blob Storage with their own tools (docs/operations.md, Backups and restore).';

export const restoreWhilePortalRuns =
  'The portal is running on this data folder. A restore replaces all of its data: stop the portal, then run the restore again.';

export const portalRunning = (dataDir: string, pid: number) =>
  `The portal (pid ${pid}) is running on ${dataDir}. A restore replaces all of its data: stop the portal, then run the restore again.`;

export const count = (value: number) => value.toLocaleString('en-AU');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const filesLine = (files: { count: number; bytes: number }) => `${count(files.count)} file${files.count === 1 ? '' : 's'} (${formatBytes(files.bytes)})`;

/** One line: what a data folder holds, as the restore names what it would replace. */
export function describeContents(contents: FolderContents): string {
  const rows = contents.rows === null ? 'a database that could not be opened' : `${count(totalRows(contents.rows))} database rows`;
  const busiest = Object.entries(contents.rows ?? {})
    .filter(([table, rows]) => rows > 0 && table !== 'schema_migrations')
    .map(([table, rows]) => `${table} ${count(rows)}`);
  return `${rows}${busiest.length ? ` (${busiest.join(', ')})` : ''} and ${filesLine(contents.files)}`;
}
