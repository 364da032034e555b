import type { AccessTokenPayload } from '../../src/domain/token';
import type { SessionStorage, SessionStorageKey } from '../../machines/session-storage';

/** 2026-11-21T03:00:00Z: every session test starts here. */
export const startTime = Date.UTC(2026, 10, 21, 3, 0, 0);
const startSeconds = startTime / 1000;

/** An unsigned JWT: the session only reads the payload; the server checks signatures. */
export function fakeJwt(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.signature`;
}

export const adminPayload: AccessTokenPayload = { sub: 'user-1', exp: startSeconds + 3600, roles: ['CompanyAdmin'], company: 'company-1' };
export const supervisorPayload: AccessTokenPayload = {
  sub: 'user-1',
  exp: startSeconds + 3600,
  roles: ['CompanySupervisor'],
  company: 'company-2',
};

export const tokens = {
  live: fakeJwt(adminPayload),
  renewed: fakeJwt(supervisorPayload),
  expired: fakeJwt({ ...adminPayload, exp: startSeconds - 10 }),
  unreadable: 'not-a-jwt',
} as const;

export class MemorySessionStorage implements SessionStorage {
  readonly values = new Map<SessionStorageKey, string>();

  constructor(initial: Partial<Record<SessionStorageKey, string | null>> = {}) {
    for (const [key, value] of Object.entries(initial)) this.set(key as SessionStorageKey, value ?? null);
  }

  get(key: SessionStorageKey): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: SessionStorageKey, value: string | null): void {
    if (value) this.values.set(key, value);
    else this.values.delete(key);
  }

  contents(): Record<string, string> {
    return Object.fromEntries(this.values);
  }
}
