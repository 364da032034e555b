import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src/domain/roles';
import type { AccessTokenPayload } from '../../src/domain/token';
import type { Actor } from '../audit/request-context';

export interface AuthService {
  /** Signs a 1-hour access token with the user's active roles and company. */
  issueAccessToken(userId: string): Promise<string>;
  /** The token a fresh sign-in with this email would get; an unknown email becomes an Unregistered user. */
  tokenForEmail(email: string): Promise<string>;
  verifyAccessToken(token: string): Promise<AccessTokenPayload>;
  /** Set by the invitations feature: runs at the code exchange when the SPA sends an invitation code. */
  onInviteCode?: (actor: Actor, inviteCode: string) => Promise<void>;
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** preHandler: verifies the bearer token and sets request.user, else 401. */
    authenticate: PreHandler;
    /** preHandler factory: 403 unless request.user holds one of the roles. */
    requireRoles: (...roles: Role[]) => PreHandler;
    /** Throws 403 unless the signed-in user belongs to the company. */
    requireOwnCompany: (request: FastifyRequest, companyId: string) => void;
  }
  interface FastifyRequest {
    user: AccessTokenPayload;
    /** The company whose check `authenticate` left to the route's statement (see auth/company-check.ts). */
    pendingCompanyCheck: string | null;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (its question is too big for a URL): open to read-only roles too. */
    readsOnly?: boolean;
    /** A GET that reads its answer in one statement and checks the user's company there (auth/company-check.ts). */
    checksCompanyInStatement?: boolean;
  }
}
