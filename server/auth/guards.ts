import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditorReadOnly, isReadOnly, type Role } from '../../src/domain/roles';
import { forbidden, unauthorised } from '../http/errors';
import { signInRequired } from './access-token';
import { defersCompanyCheck, requireLiveCompany } from './company-check';
import type { PreHandler } from './types';

export { companyRemoved } from './company-check';

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

/** DESIGN.md delete client: a soft-deleted company's users lose access at once. */
export function authenticate(app: FastifyInstance): PreHandler {
  return async (request) => {
    const token = bearer(request.headers.authorization);
    if (!token) throw unauthorised(signInRequired);
    const user = await app.auth.verifyAccessToken(token);
    if (user.company !== null) {
      if (defersCompanyCheck(request, user.company)) request.pendingCompanyCheck = user.company;
      else await requireLiveCompany(app.db, user.company);
    }
    request.user = user;
    if (isReadOnly(user.roles) && changesSomething(request)) throw forbidden(auditorReadOnly);
  };
}

/** The gate page (issue 10 §2): anyone may read it; a bearer token, when sent, must be valid and then sets request.user. */
export function authenticateIfSignedIn(app: FastifyInstance): PreHandler {
  const signedIn = authenticate(app);
  return async (request, reply) => {
    if (request.headers.authorization === undefined) return;
    await signedIn(request, reply);
  };
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const changesSomething = (request: FastifyRequest) => !readMethods.has(request.method) && request.routeOptions.config.readsOnly !== true;

/** Spec §6: access follows the roles in the token. */
export function requireRoles(...roles: Role[]): PreHandler {
  return async (request) => {
    if (!request.user) throw unauthorised(signInRequired);
    if (!request.user.roles.some((role) => roles.includes(role))) throw forbidden();
  };
}

/** Spec §2 company routes: the user's own company must match. */
export function requireOwnCompany(request: FastifyRequest, companyId: string): void {
  if (!request.user) throw unauthorised(signInRequired);
  if (request.user.company !== companyId) throw forbidden();
}
