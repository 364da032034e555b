import { fromPromise } from 'xstate';
import { localSessionStorage } from '../../api/session-storage';
import type { BearerInput, ExchangeCodeInput, LogErrorParams, RedirectToProviderParams } from '../../../machines/session.machine';
import { sessionStorageImplementations } from '../../../machines/session-storage';
import { signInAddress } from '../../domain/login-page';
import type { TokenResponse } from '../../domain/token';
import { toast } from '../../ui/toast-store';

const { loadStored, persist } = sessionStorageImplementations(localSessionStorage);

/** The API client's error for a 429, told apart without loading the client (issue 11). */
const isTooManyAttempts = (error: unknown): error is Error => error instanceof Error && (error as { status?: unknown }).status === 429;

const bearer = ({ accessToken }: BearerInput) => (accessToken ? { token: accessToken } : {});

/** The API client (ky) and the token answer's Schema arrive with the first call, not with the login page (issue 11). */
const sessionCalls = () => import('./session-calls');

/** The session machine's I/O, passed with `sessionMachine.provide(...)` (machines/README.md). */
export const sessionImplementations = {
  actors: {
    loadStored,
    exchangeCode: fromPromise<TokenResponse, ExchangeCodeInput>(async ({ input }) => {
      const { exchangeToken } = await sessionCalls();
      return { token: await exchangeToken({ code: input.code, ...(input.inviteCode ? { inviteCode: input.inviteCode } : {}) }) };
    }),
    refreshToken: fromPromise<TokenResponse, BearerInput>(async ({ input }) => {
      const { refreshToken } = await sessionCalls();
      return { token: await refreshToken(bearer(input)) };
    }),
    signOut: fromPromise<unknown, BearerInput>(async ({ input }) => {
      const { signOut } = await sessionCalls();
      return signOut(bearer(input));
    }),
  },
  actions: {
    persist,
    redirectToProvider: (_: unknown, { provider, returnTo }: RedirectToProviderParams) =>
      window.location.assign(signInAddress(provider, returnTo)),
    logError: (_: unknown, { error }: LogErrorParams) => {
      console.error(error);
      // Issue 12: a sign-in or refresh refused as one attempt too many says when to try again.
      if (isTooManyAttempts(error)) toast.error(error.message);
    },
  },
};
