import type { BackupSummary } from './backup';
import type { FolderContents } from './folder-contents';
import type { BackupManifest } from './manifest';
import type { RestoreSummary } from './restore';
import { totalRows } from './table-counts';

const count = (value: number) => value.toLocaleString('en-AU');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const filesLine = (files: { count: number; bytes: number }) => `${count(files.count)} file${files.count === 1 ? '' : 's'} (${formatBytes(files.bytes)})`;

function tableLines(rows: Readonly<Record<string, number>>): string[] {
  const width = Math.max(0, ...Object.keys(rows).map((table) => table.length));
  return Object.entries(rows).map(([table, rows]) => `    ${table.padEnd(width)}  ${count(rows).padStart(9)}`);
}

function contentLines(rows: Readonly<Record<string, number>>, files: { count: number; bytes: number }, migrations?: readonly string[]): string[] {
  const schema = migrations?.length ? ` (schema ${migrations.at(-1)?.replace(/\.sql$/, '')})` : '';
  return [
    `  database: ${count(totalRows(rows))} rows in ${Object.keys(rows).length} tables${schema}`,
    ...tableLines(rows),
    `  files:    ${filesLine(files)}`,
  ];
}

/** One line: what a data folder holds, as the restore names what it would replace. */
export function describeContents(contents: FolderContents): string {
  const rows = contents.rows === null ? 'a database that could not be opened' : `${count(totalRows(contents.rows))} database rows`;
  const busiest = Object.entries(contents.rows ?? {})
    .filter(([table, rows]) => rows > 0 && table !== 'schema_migrations')
    .map(([table, rows]) => `${table} ${count(rows)}`);
  return `${rows}${busiest.length ? ` (${busiest.join(', ')})` : ''} and ${filesLine(contents.files)}`;
}

export function describeBackup(summary: BackupSummary): string {
  const { manifest } = summary;
  return [
    `Backup written to ${summary.file} (${formatBytes(summary.archiveBytes)} in ${(summary.elapsedMs / 1000).toFixed(1)} s)`,
    ...contentLines(manifest.database.rows, manifest.files, manifest.database.migrations),
  ].join('\n');
}

const madeBy = (manifest: BackupManifest) => `made ${manifest.createdAt} by v${manifest.appVersion}`;

export function describeRestore(file: string, dataDir: string, summary: RestoreSummary): string {
  const { manifest, replaced } = summary;
  return [
    ...(replaced ? [`Replaced what ${dataDir} held: ${describeContents(replaced)}`] : []),
    `Restored ${file} (${madeBy(manifest)}) into ${dataDir}`,
    ...contentLines(manifest.database.rows, manifest.files, manifest.database.migrations),
    'Start the portal with npm start.',
  ].join('\n');
}
