import type { SnapshotFrom } from 'xstate';
import { isReadOnly as readOnlyRoles, type Role } from '../src/domain/role-list';
import type { AccessTokenPayload, Provider } from '../src/domain/token';
import type { sessionMachine, SignInFailure } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const noRoles: readonly Role[] = [];

/** Spec §4: the session has finished initialising once it has left `initialising`. */
export const isInitialised = (snapshot: SessionSnapshot): boolean =>
  !snapshot.matches('initialising') && !snapshot.matches('restoring');

export const isSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('signedIn');

/** Loading stored values, exchanging a code, refreshing an expired token, or signing out. */
export const isBusy = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('loading');

/** Issue 55 §4: signed in with a token the portal could not be reached to renew; renewed when the connection returns. */
export const isStale = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('stale');

/** The bearer token for API calls: only while signed in. */
export const accessToken = (snapshot: SessionSnapshot): string | null =>
  isSignedIn(snapshot) ? snapshot.context.accessToken : null;

export const payload = (snapshot: SessionSnapshot): AccessTokenPayload | null =>
  isSignedIn(snapshot) ? snapshot.context.payload : null;

export const roles = (snapshot: SessionSnapshot): readonly Role[] => payload(snapshot)?.roles ?? noRoles;

export const companyId = (snapshot: SessionSnapshot): string | null => payload(snapshot)?.company ?? null;

export const userId = (snapshot: SessionSnapshot): string | null => payload(snapshot)?.sub ?? null;

export const hasRole =
  (role: Role) =>
  (snapshot: SessionSnapshot): boolean =>
    roles(snapshot).includes(role);

/** Issue 9: an auditor (and no role that changes things) sees the company's records without their controls. */
export const isReadOnly = (snapshot: SessionSnapshot): boolean => readOnlyRoles(roles(snapshot));

export const inviteCode = (snapshot: SessionSnapshot): string | null => snapshot.context.inviteCode;

export const provider = (snapshot: SessionSnapshot): Provider | null => snapshot.context.provider;

/** Issue 55 §8: why the last sign-in failed, which the login page says; null once signed in or trying again. */
export const signInFailure = (snapshot: SessionSnapshot): SignInFailure | null => (isSignedIn(snapshot) ? null : snapshot.context.signInFailure);
