import type { Db } from '../db/database';

const stored = async (db: Db, name: string) =>
  (await db.selectFrom('server_keys').select('secret').where('name', '=', name).executeTakeFirst())?.secret;

/**
 * A secret every instance on the database shares: the first instance to need it stores the one
 * `create` makes, and every other instance reads that same one.
 */
export async function sharedServerKey(db: Db, name: string, create: () => string): Promise<string> {
  const existing = await stored(db, name);
  if (existing !== undefined) return existing;
  await db.insertInto('server_keys').values({ name, secret: create() }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
  const secret = await stored(db, name);
  if (secret === undefined) throw new Error(`The server key ${name} could not be stored`);
  return secret;
}
