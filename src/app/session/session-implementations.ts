import { fromPromise } from 'xstate';
import { exchangeToken } from '../../api/exchange-token';
import { refreshToken } from '../../api/refresh-token';
import { localSessionStorage } from '../../api/session-storage';
import { signOut } from '../../api/sign-out';
import type { BearerInput, ExchangeCodeInput, LogErrorParams, RedirectToProviderParams } from '../../../machines/session.machine';
import { sessionStorageImplementations } from '../../../machines/session-storage';
import type { TokenResponse } from '../../domain/token';

const { loadStored, persist } = sessionStorageImplementations(localSessionStorage);

const bearer = ({ accessToken }: BearerInput) => (accessToken ? { token: accessToken } : {});

/** The session machine's I/O, passed with `sessionMachine.provide(...)` (machines/README.md). */
export const sessionImplementations = {
  actors: {
    loadStored,
    exchangeCode: fromPromise<TokenResponse, ExchangeCodeInput>(async ({ input }) => ({
      token: await exchangeToken({ code: input.code, ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}) }),
    })),
    refreshToken: fromPromise<TokenResponse, BearerInput>(async ({ input }) => ({ token: await refreshToken(bearer(input)) })),
    signOut: fromPromise<unknown, BearerInput>(({ input }) => signOut(bearer(input))),
  },
  actions: {
    persist,
    redirectToProvider: (_: unknown, { provider }: RedirectToProviderParams) =>
      window.location.assign(`/api/auth/login/${provider}`),
    logError: (_: unknown, { error }: LogErrorParams) => console.error(error),
  },
};
