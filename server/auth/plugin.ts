import fp from 'fastify-plugin';
import { isValidEmail } from '../../src/domain/validators';
import { badRequest } from '../http/errors';
import { findOrCreateUserByEmail, rolesAndCompany } from '../users/repository';
import { signAccessToken, verifyAccessToken } from './access-token';
import { recordAuthEvent } from './audit';
import { mountDevProvider } from './dev-provider';
import { requireLiveCompany, takePendingCheck } from './company-check';
import { authenticate, requireOwnCompany, requireRoles } from './guards';
import { createSignInClients } from './identity-providers';
import { sessionRoutes } from './session-routes';
import { signInRoutes } from './sign-in-routes';
import { loadSigningKey } from './signing-key';
import type { AuthService } from './types';

/** Sign-in (OpenID Connect), the portal's access and refresh tokens, and the route guards. */
export const authPlugin = fp(
  async (app) => {
    const key = await loadSigningKey(app.config, app.db);

    const issueAccessToken = async (userId: string) => signAccessToken(key, app.config.publicUrl, userId, await rolesAndCompany(app.db, userId));
    const auth: AuthService = {
      issueAccessToken,
      verifyAccessToken: (token) => verifyAccessToken(key, app.config.publicUrl, token),
      async tokenForEmail(email) {
        if (!isValidEmail(email)) throw badRequest('A valid email is required');
        const user = await findOrCreateUserByEmail(app.db, email);
        await recordAuthEvent(app.db, { action: 'auth.signIn', userId: user.id, detail: { provider: 'cli' }, requestId: null });
        return issueAccessToken(user.id);
      },
    };
    app.decorate('auth', auth);
    app.decorateRequest('user', null as never);
    app.decorateRequest('pendingCompanyCheck', null);
    // A company check left to a route's statement and not settled there is made before anything is sent.
    // Callback hooks, as the other per-request ones: nearly every answer has nothing pending, and then no promise is made.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const companyId = takePendingCheck(request);
      if (companyId === null) return done(null, payload);
      requireLiveCompany(app.db, companyId).then(
        () => done(null, payload),
        (refused: unknown) => done(refused as Error),
      );
    });
    app.decorate('authenticate', authenticate(app));
    app.decorate('requireRoles', requireRoles);
    app.decorate('requireOwnCompany', requireOwnCompany);

    await app.register(
      async (routes) => {
        await routes.register(signInRoutes, { signInClients: createSignInClients(app), cookieSecret: key.cookieSecret });
        await routes.register(sessionRoutes);
      },
      { prefix: '/api/auth' },
    );
    if (app.config.devIdentityProvider) await mountDevProvider(app, key.cookieSecret);
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
