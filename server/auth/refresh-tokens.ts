import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { hashSecret, randomSecret } from './secrets';
import { recordAuthEvent } from './audit';

export const refreshLifetimeSeconds = 30 * 24 * 60 * 60;

export interface IssuedRefreshToken {
  readonly token: string;
  readonly userId: string;
}

export async function issueRefreshToken(db: Db, userId: string, family: string = randomUUID()): Promise<IssuedRefreshToken> {
  const token = randomSecret();
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      family,
      token_hash: hashSecret(token),
      expires_at: new Date(Date.now() + refreshLifetimeSeconds * 1000),
    })
    .execute();
  return { token, userId };
}

/**
 * Issue 12: a token rotated this recently is still honoured, as when two tabs of one browser refresh
 * at the same instant with the one cookie they share. Later, a rotated token can only be a copy.
 */
export const refreshGraceSeconds = 10;

/**
 * DESIGN.md refresh token: a live token is swapped for a new one of its family; a replayed one ends the
 * family. Within the grace window a rotated token gets a sibling: another new token of the same family.
 * Only hashes are stored, so the first answer's token cannot be given again, and a sibling still ends
 * with its family at sign-out or on a later replay. `requestId`: the request presenting the token, named
 * in the audit event of a replayed one.
 */
export async function rotateRefreshToken(db: Db, token: string, requestId: string | null): Promise<IssuedRefreshToken | undefined> {
  const now = new Date();
  const hash = hashSecret(token);
  const rotated = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', hash)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'family'])
    .executeTakeFirst();
  if (rotated) return issueRefreshToken(db, rotated.user_id, rotated.family);
  const replayed = await db
    .selectFrom('refresh_tokens')
    .select(['family', 'user_id', 'rotated_at', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('rotated_at', 'is not', null)
    .executeTakeFirst();
  if (!replayed?.rotated_at) return undefined;
  const withinGrace = now.getTime() - replayed.rotated_at.getTime() <= refreshGraceSeconds * 1000;
  if (withinGrace && replayed.revoked_at === null && replayed.expires_at > now) return issueRefreshToken(db, replayed.user_id, replayed.family);
  await revokeFamily(db, replayed.family);
  // A rotated token presented again was copied: the whole family ends, and the trail says so.
  await recordAuthEvent(db, { action: 'auth.refreshReuse', userId: replayed.user_id, actorUserId: null, detail: { family: replayed.family }, requestId });
  return undefined;
}

/** Ends the session the token belongs to and answers its user, if the token is known. */
export async function revokeRefreshToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('refresh_tokens').select(['family', 'user_id']).where('token_hash', '=', hashSecret(token)).executeTakeFirst();
  if (!row) return undefined;
  await revokeFamily(db, row.family);
  return row.user_id;
}

async function revokeFamily(db: Db, family: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}
