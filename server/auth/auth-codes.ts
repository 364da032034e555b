import type { Db } from '../db/database';
import { hashSecret, randomSecret } from './secrets';

const lifetimeMs = 2 * 60 * 1000;

/** The one-time code the sign-in callback hands the SPA (spec §4 Session: an auth code exchanged for a token). */
export async function createAuthCode(db: Db, userId: string): Promise<string> {
  const code = randomSecret();
  await db
    .insertInto('auth_codes')
    .values({ code_hash: hashSecret(code), user_id: userId, expires_at: new Date(Date.now() + lifetimeMs) })
    .execute();
  return code;
}

/** Marks a live code used and answers its user; unknown, used and expired codes answer undefined. */
export async function consumeAuthCode(db: Db, code: string): Promise<string | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hashSecret(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
