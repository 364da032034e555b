/** How often one client may make a limited call (issue 12). */
export interface CallLimit {
  /** Calls from one client address per window. */
  readonly perIp: number;
  /** Calls by one signed-in account per window, from any address; absent where the call names no account. */
  readonly perAccount?: number | undefined;
  readonly windowSeconds: number;
}

/**
 * Issue 12: the calls an attacker would repeat. High enough that a person, an office behind one
 * address, and the test suites never meet them: the busiest, tests/api/auth.test.ts, makes 21 token
 * exchanges and 16 sign-ins from 127.0.0.1 within a minute, and every browser test signs in from there too.
 */
export const defaultRateLimits = {
  signInStart: { perIp: 60, windowSeconds: 60 },
  signInCallback: { perIp: 60, windowSeconds: 60 },
  tokenExchange: { perIp: 60, windowSeconds: 60 },
  refresh: { perIp: 120, windowSeconds: 60 },
  invitationLookup: { perIp: 60, perAccount: 20, windowSeconds: 60 },
  invitationAccept: { perIp: 60, perAccount: 20, windowSeconds: 60 },
  fileUpload: { perIp: 120, perAccount: 30, windowSeconds: 60 },
} as const satisfies Record<string, CallLimit>;

export type LimitedCall = keyof typeof defaultRateLimits;

export type RateLimits = Readonly<Record<LimitedCall, CallLimit>>;

export const isLimitedCall = (name: string): name is LimitedCall => Object.hasOwn(defaultRateLimits, name);
