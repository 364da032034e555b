import { sql } from 'kysely';
import type { Db } from '../db/database';

type Payload = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * oidc-provider's adapter for the development identity provider, kept in the portal's database so
 * a sign-in begun on one instance finishes on any other.
 */
export function devDatabaseAdapter(db: Db) {
  const live = (model: string) =>
    db
      .selectFrom('oidc_records')
      .select('payload')
      .where('model', '=', model)
      .where((where) => where.or([where('expires_at', 'is', null), where('expires_at', '>', sql<Date>`now()`)]));

  return class DevDatabaseAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: text(payload.grantId),
        uid: text(payload.uid),
        user_code: text(payload.userCode),
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_records')
        .values({ model: this.model, id, ...row })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
        .execute();
      await db.deleteFrom('oidc_records').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
    }

    async find(id: string) {
      return (await live(this.model).where('id', '=', id).executeTakeFirst())?.payload;
    }

    async findByUid(uid: string) {
      return (await live(this.model).where('uid', '=', uid).executeTakeFirst())?.payload;
    }

    async findByUserCode(userCode: string) {
      return (await live(this.model).where('user_code', '=', userCode).executeTakeFirst())?.payload;
    }

    async consume(id: string) {
      await db
        .updateTable('oidc_records')
        .set({ payload: sql`payload || jsonb_build_object('consumed', floor(extract(epoch from now()))::bigint)` })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string) {
      await db.deleteFrom('oidc_records').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string) {
      await db.deleteFrom('oidc_records').where('grant_id', '=', grantId).execute();
    }
  };
}
