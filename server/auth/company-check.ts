import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { unauthorised } from '../http/errors';

export const companyRemoved = 'Your company no longer has access';

/** DESIGN.md delete client: a soft-deleted company's users lose access at once. */
export async function requireLiveCompany(db: Db, companyId: string): Promise<void> {
  const company = await db.selectFrom('companies').select('deleted_at').where('id', '=', companyId).executeTakeFirst();
  if (!company || company.deleted_at !== null) throw unauthorised(companyRemoved);
}

/**
 * Issue 11: the company check cost each list request a round trip to the database of its own. A GET
 * route marked `checksCompanyInStatement` reads its answer in one statement; selecting this column there
 * reads the company's state in the same snapshot, so the answer is the same as checking first, without
 * the extra round trip. Null when there is no such company.
 */
export const companyLive = (companyId: string): RawBuilder<boolean | null> =>
  sql<boolean | null>`(SELECT deleted_at IS NULL FROM companies WHERE id = ${companyId})`;

/**
 * Takes the check `authenticate` left to the route, if any, so it is made once. Undefined on routes
 * of plugins registered before the auth plugin decorates requests (the blob proxy).
 */
export function takePendingCheck(request: FastifyRequest): string | null {
  const companyId = request.pendingCompanyCheck as string | null | undefined;
  request.pendingCompanyCheck = null;
  return companyId ?? null;
}

/**
 * Settles a check `authenticate` left to the route's statement: 401 unless the company was live. A
 * check still pending when the route fails is made by the error handler (`pendingCheckOr`), and one
 * still pending when an answer is sent (a route that never read it) by the auth plugin's onSend hook,
 * so a removed company's user is refused either way.
 */
export function settleCompanyCheck(request: FastifyRequest, live: boolean | null): void {
  if (takePendingCheck(request) !== null && live !== true) throw unauthorised(companyRemoved);
}

/**
 * The error to answer for a route that failed: a company check it still had pending is made first, and
 * a removed company is what its user is told (as when the check ran before the route).
 */
export async function pendingCheckOr(db: Db, request: FastifyRequest, error: unknown): Promise<unknown> {
  const companyId = takePendingCheck(request);
  if (companyId === null) return error;
  return requireLiveCompany(db, companyId).then(
    () => error,
    (refused: unknown) => refused,
  );
}

/** The check is left to the route when it reads the user's own company in one statement (GET only). */
export const defersCompanyCheck = (request: FastifyRequest, companyId: string): boolean =>
  request.method === 'GET' && request.routeOptions.config.checksCompanyInStatement === true && (request.params as { id?: unknown }).id === companyId;

/** A list's answer with the company's state its statement read. */
export interface CheckedAnswer<T> {
  readonly answer: T;
  readonly companyLive: boolean | null;
}
