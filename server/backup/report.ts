import type { BackupSummary } from './backup';
import type { BackupManifest } from './manifest';
import { count, describeContents, filesLine, formatBytes } from './messages';
import type { RestoreSummary } from './restore';
import { totalRows } from './table-counts';

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
