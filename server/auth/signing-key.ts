import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** Signs the portal's own cookies; derived from the key so it survives restarts with it. */
  readonly cookieSecret: string;
}

export const signingKeyFile = (dataDir: string) => path.join(dataDir, 'jwt-es256.pem');

/** The ES256 key of DESIGN.md's access token: JWT_PRIVATE_KEY, else one generated once under dataDir. */
export function loadSigningKey(config: Pick<AppConfig, 'jwtPrivateKey' | 'dataDir'>): SigningKey {
  const pem = config.jwtPrivateKey ?? readOrCreatePem(signingKeyFile(config.dataDir));
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

function readOrCreatePem(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  }
}
