import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { roleLabel } from '../../src/domain/roles';
import { isValidEmail } from '../../src/domain/validators';
import { listAccountsWithRoles, type AccountWithRole } from '../users/repository';
import { devStylesheet, devStylesheetPath, renderProblemPage, renderSignInPage, type DevAccount } from './dev-pages';

interface Options {
  /** The issuer for the current public url: only its oidc-provider is read here, so dev-provider.ts, which registers these routes, is not imported back. */
  readonly devProvider: () => Promise<{ readonly provider: Provider }>;
}

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

const roleOrder = ['SuperUser', 'CompanyAdmin', 'CompanySupervisor', 'CompanyAuditor', 'TradesPerson'];

/** The development sign-in page: one button per demo account, or any other email. */
export const devInteractionRoutes: FastifyPluginAsync<Options> = async (app, { devProvider }) => {
  const paths = (uid: string) => ({ action: `${app.prefix}/interaction/${uid}/login`, abortAction: `${app.prefix}/interaction/${uid}/abort` });

  const openInteraction = async (request: InteractionRequest, reply: FastifyReply) => {
    const { provider } = await devProvider();
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch((error: unknown) => {
      request.log.info({ err: error }, 'development sign-in interaction not found');
      return undefined;
    });
    return interaction?.uid === request.params.uid ? provider : undefined;
  };

  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/html')
      .send(renderProblemPage('This sign-in has expired or was already completed.', `${app.config.publicUrl}/`));

  const signInPage = async (reply: FastifyReply, uid: string, form: { email?: string; error?: string } = {}) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(renderSignInPage({ ...paths(uid), ...form, accounts: devAccounts(await listAccountsWithRoles(app.db)) }));

  app.get(devStylesheetPath.slice(app.prefix.length), async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(devStylesheet),
  );

  app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
    if (!(await openInteraction(request, reply))) return expired(reply);
    return signInPage(reply, request.params.uid);
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/login', async (request, reply) => {
    const provider = await openInteraction(request, reply);
    if (!provider) return expired(reply);
    const body = request.body as { email?: unknown } | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim() : '';
    if (!isValidEmail(email)) {
      return signInPage(reply.code(400), request.params.uid, { email, error: 'Enter an email address such as name@example.com' });
    }
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: email.toLowerCase() } }, { mergeWithLastSubmission: false });
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/abort', async (request, reply) => {
    const provider = await openInteraction(request, reply);
    if (!provider) return expired(reply);
    reply.hijack();
    const result = { error: 'access_denied', error_description: 'The sign-in was cancelled' };
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  });
};

function devAccounts(rows: readonly AccountWithRole[]): DevAccount[] {
  const sorted = [...rows].sort(
    (a, b) =>
      roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role) ||
      (a.companyName ?? '').localeCompare(b.companyName ?? '') ||
      a.email.localeCompare(b.email),
  );
  const accounts = new Map<string, { name: string; roles: string[] }>();
  for (const row of sorted) {
    const key = row.email.toLowerCase();
    const account = accounts.get(key) ?? { name: `${row.firstName} ${row.surname}`.trim(), roles: [] };
    account.roles.push(row.companyName ? `${roleLabel(row.role)}, ${row.companyName}` : roleLabel(row.role));
    accounts.set(key, account);
  }
  return [...accounts].map(([email, account]) => ({ email, name: account.name, roles: account.roles.join('; ') }));
}
