import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

const schemaDirs = ['migrations', 'functions'].map((folder) => fileURLToPath(new URL(`../../server/db/${folder}/`, import.meta.url)));
const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/**
 * A migrated, empty PGlite directory shared by the test runs of these migrations: copying it takes
 * a fraction of a second where a fresh initdb takes seconds. A change to a migration or a function's file makes a new one.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const dir of schemaDirs) {
    for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  }
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
