import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));
const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/**
 * A migrated, empty PGlite directory shared by the test runs of these migrations: copying it takes
 * a fraction of a second where a fresh initdb takes seconds.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  const template = path.join(os.tmpdir(), `portal-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(`${template}-building-`);
  const db = await openDatabase({ dataDir: building });
  await migrate(db);
  await db.destroy();
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}
