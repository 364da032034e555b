import net from 'node:net';
import path from 'node:path';
import { defaultRateLimits, isLimitedCall, type CallLimit, type LimitedCall, type RateLimits } from './http/rate-limit-config';

export interface OidcClientConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret?: string | undefined;
  /** Apple signs its client secret per request from a private key. */
  readonly apple?: { readonly teamId: string; readonly keyId: string; readonly privateKey: string } | undefined;
}

export interface AppConfig {
  readonly mode: 'production' | 'development' | 'test';
  readonly port: number;
  readonly host: string;
  /** Where browsers reach the portal; sign-in callbacks and invitation links are built from it. */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  /**
   * The longest a statement may run on a PostgreSQL server before the server cancels it and the call answers 504
   * (DATABASE_STATEMENT_TIMEOUT_MS; 0 for none). Migrations run without it.
   */
  readonly databaseStatementTimeoutMs: number;
  readonly azureStorageConnectionString?: string | undefined;
  /** A public endpoint of the Azure account (CDN, custom domain) for file links; the account's own endpoint when absent. */
  readonly blobPublicUrl?: string | undefined;
  readonly smtpUrl?: string | undefined;
  readonly mailFrom: string;
  readonly google?: OidcClientConfig | undefined;
  readonly apple?: OidcClientConfig | undefined;
  /** The development identity provider: mounted only outside production. */
  readonly devIdentityProvider: boolean;
  /** ES256 private key (PKCS#8 PEM) that signs access tokens; generated under dataDir when absent. */
  readonly jwtPrivateKey?: string | undefined;
  readonly serveSpa: boolean;
  readonly distDir: string;
  readonly seedDemoWhenEmpty: boolean;
  readonly logLevel: string;
  /** Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses, CIDR ranges); empty trusts nobody. */
  readonly trustProxy: readonly string[];
  /** Issue 12: how often each limited call may be made per client address and per account (RATE_LIMITS). */
  readonly rateLimits: RateLimits;
  /** Issue 12: how often an unsent email is retried, and the first wait, doubling after each; mail-queue.ts's policy when unset. */
  readonly mailRetry?: { readonly limit: number; readonly delaySeconds: number } | undefined;
  /** Issue 10: how often each instance looks for due review digests (REVIEW_DIGEST_ROUND_SECONDS), in milliseconds. */
  readonly reviewDigestRoundMs: number;
}

export class ConfigError extends Error {}

// The names proxy-addr (Fastify's trustProxy) understands besides addresses and ranges.
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: comma-separated proxy addresses or CIDR ranges; unset or empty trusts no one. */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY: "${wrong}" is not an IP address, a CIDR range such as 10.0.0.0/8, or one of ${[...proxyRangeNames].join(', ')}`,
    );
  }
  return entries;
}

const limitFields = new Set(['perIp', 'perAccount', 'windowSeconds']);

/** RATE_LIMITS: comma-separated changes to the defaults, e.g. `tokenExchange.perIp=40,fileUpload.windowSeconds=120`. */
function parseRateLimits(value: string | undefined): RateLimits {
  const limits: Record<LimitedCall, CallLimit> = { ...defaultRateLimits };
  for (const entry of (value ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    const [, call = '', field = '', number = ''] = /^(\w+)\.(\w+)=(\d+)$/.exec(entry) ?? [];
    if (!isLimitedCall(call) || !limitFields.has(field) || Number(number) < 1) {
      throw new ConfigError(
        `RATE_LIMITS: "${entry}" is not <call>.<perIp|perAccount|windowSeconds>=<whole number above 0>, ` +
          `the call one of ${Object.keys(defaultRateLimits).join(', ')}`,
      );
    }
    if (field === 'perAccount' && limits[call].perAccount === undefined) {
      throw new ConfigError(`RATE_LIMITS: ${call} is made before anyone is signed in, so it has no perAccount limit`);
    }
    limits[call] = { ...limits[call], [field]: Number(number) };
  }
  return limits;
}

/** The default of DATABASE_STATEMENT_TIMEOUT_MS: far above any call's statements, below a load balancer's usual 60 s. */
export const defaultStatementTimeoutMs = 30_000;

/** A setting that is a whole number: its default when unset or blank, else the number, which must be `least` or more. */
function wholeNumberSetting(name: string, value: string | undefined, fallback: number, least: number, unit: string): number {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < least) throw new ConfigError(`${name}: "${value}" is not a whole number of ${unit}`);
  return Number(text);
}

/** DATABASE_STATEMENT_TIMEOUT_MS: a whole number of milliseconds, 0 for none. */
export const parseStatementTimeout = (value: string | undefined): number =>
  wholeNumberSetting('DATABASE_STATEMENT_TIMEOUT_MS', value, defaultStatementTimeoutMs, 0, 'milliseconds (0 for none)');

/** The default of REVIEW_DIGEST_ROUND_SECONDS: a digest goes out within half a minute of falling due. */
const defaultReviewDigestRoundSeconds = 30;

/** REVIEW_DIGEST_ROUND_SECONDS: a whole number of seconds, at least 1; in milliseconds. */
export const parseReviewDigestRound = (value: string | undefined): number =>
  wholeNumberSetting('REVIEW_DIGEST_ROUND_SECONDS', value, defaultReviewDigestRoundSeconds, 1, 'seconds (1 or more)') * 1000;

/** Reads the environment; refuses a production start that could not sign anyone in. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const google = env.GOOGLE_CLIENT_ID
    ? { issuer: 'https://accounts.google.com', clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
    : undefined;
  const apple =
    env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY
      ? {
          issuer: 'https://appleid.apple.com',
          clientId: env.APPLE_CLIENT_ID,
          apple: { teamId: env.APPLE_TEAM_ID, keyId: env.APPLE_KEY_ID, privateKey: env.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n') },
        }
      : undefined;
  if (mode === 'production' && !google && !apple) {
    throw new ConfigError(
      'Refusing to start: NODE_ENV=production needs Google (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) or Apple ' +
        '(APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY) sign-in configured; ' +
        'the development sign-in is never served in production.',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  return {
    mode,
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseStatementTimeoutMs: parseStatementTimeout(env.DATABASE_STATEMENT_TIMEOUT_MS),
    azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING || undefined,
    blobPublicUrl: env.BLOB_PUBLIC_URL?.replace(/\/$/, '') || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'SiteSafe Portal <no-reply@sitesafe.local>',
    google,
    apple,
    devIdentityProvider: mode !== 'production',
    jwtPrivateKey: env.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n') || undefined,
    serveSpa: env.SERVE_SPA !== 'false',
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    seedDemoWhenEmpty: mode !== 'production' && env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    reviewDigestRoundMs: parseReviewDigestRound(env.REVIEW_DIGEST_ROUND_SECONDS),
    ...overrides,
  };
}
