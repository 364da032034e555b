import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { sharedServerKey } from './server-keys';

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** Signs the portal's own cookies; derived from the key so it survives restarts with it. */
  readonly cookieSecret: string;
}

export const signingKeyName = 'jwt-es256';

/** Where versions before issue 8 kept the generated key; it is carried into the database once. */
const legacyKeyFile = (dataDir: string) => path.join(dataDir, 'jwt-es256.pem');

function readLegacyKey(dataDir: string): string | undefined {
  try {
    return readFileSync(legacyKeyFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
}

const generatePem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * The ES256 key of DESIGN.md's access token: JWT_PRIVATE_KEY, else one generated once and kept in
 * the database, so every instance on it signs and verifies with the same key.
 */
export async function loadSigningKey(config: Pick<AppConfig, 'jwtPrivateKey' | 'dataDir'>, db: Db): Promise<SigningKey> {
  const pem = config.jwtPrivateKey ?? (await sharedServerKey(db, signingKeyName, () => readLegacyKey(config.dataDir) ?? generatePem()));
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('The JWT signing key must be an ES256 (P-256) private key in PKCS#8 PEM');
  }
  return {
    privateKey,
    publicKey: createPublicKey(privateKey),
    cookieSecret: createHmac('sha256', pem).update('portal cookie signing').digest('base64url'),
  };
}
