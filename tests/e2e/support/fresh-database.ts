import pg from 'pg';

/**
 * Before the public-url portal starts on PostgreSQL: its database (DATABASE_URL) is dropped and made
 * again through the server's maintenance connection (TEST_DATABASE_URL), so every run starts empty.
 */
const target = new URL(process.env.DATABASE_URL ?? '');
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a database name this script makes: ${name}`);
const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
} finally {
  await client.end();
}
