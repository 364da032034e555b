export const embeddedOnly =
  'Backup and restore cover the embedded database and blob store under DATA_DIR. With DATABASE_URL or ' +
  'AZURE_STORAGE_CONNECTION_STRING set, back up PostgreSQL and Azure Blob Storage with their own tools (docs/operations.md, Backups and restore).';

export const restoreWhilePortalRuns =
  'The portal is running on this data folder. A restore replaces all of its data: stop the portal, then run the restore again.';

export const portalRunning = (dataDir: string, pid: number) =>
  `The portal (pid ${pid}) is running on ${dataDir}. A restore replaces all of its data: stop the portal, then run the restore again.`;
