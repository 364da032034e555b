import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

const schemaDirs = ['migrations', 'functions'].map((folder) => fileURLToPath(new URL(`../../server/db/${folder}/`, import.meta.url)));

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;

/** The template's name holds a hash of what migrating reads, so a changed migration or function's file gets a template of its own. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const dir of schemaDirs.filter((folder) => existsSync(folder))) {
    for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  }
  return `portal_template_${hash.digest('hex').slice(0, 16)}`;
}

const templates = new Map<string, Promise<string>>();

/**
 * A migrated, empty database on the server that the tests' databases are copied from (CREATE DATABASE … TEMPLATE):
 * a copy takes about as long as an empty CREATE DATABASE, where running every migration again took over a second per app.
 * It is built under another name and renamed when whole, so a worker never copies a half-migrated one.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  const known = templates.get(serverUrl);
  if (known) return known;
  const building = buildTemplate(serverUrl);
  templates.set(serverUrl, building);
  building.catch(() => templates.delete(serverUrl));
  return building;
}

async function buildTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  const exists = async () => (await onServer(serverUrl, (client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]))).rowCount === 1;
  if (await exists()) return name;
  const staging = `${name}_building_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${staging}`));
  try {
    const db = await openDatabase({ url: databaseUrl(serverUrl, staging), dataDir: '' });
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    // Another worker may have published the same template meanwhile: theirs is as good, and this one goes.
    // No one connects to the template once it is whole (nor autovacuum, short of wraparound), so a copy never waits.
    await onServer(serverUrl, async (client) => {
      await client.query(`ALTER DATABASE ${staging} WITH ALLOW_CONNECTIONS false`);
      await client.query(`ALTER DATABASE ${staging} RENAME TO ${name}`);
    }).catch(async (error: unknown) => {
      if (!(await exists())) throw error;
    });
  } finally {
    await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${staging} WITH (FORCE)`));
  }
  return name;
}

/** A database copied from the migrated template, and the function that drops it again. */
export async function migratedDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await postgresTemplate(serverUrl);
  const name = `portal_test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
