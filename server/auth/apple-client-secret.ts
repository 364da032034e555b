import { createPrivateKey, sign } from 'node:crypto';
import type { ClientAuth } from 'openid-client';
import type { OidcClientConfig } from '../config';

type AppleKey = NonNullable<OidcClientConfig['apple']>;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Sign in with Apple: the client secret is a short-lived ES256 JWT signed with the team's key, made per request. */
export function appleClientAuth(clientId: string, apple: AppleKey): ClientAuth {
  const key = createPrivateKey(apple.privateKey);
  return (_server, _client, body) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url({ alg: 'ES256', kid: apple.keyId });
    const claims = base64url({ iss: apple.teamId, iat: now, exp: now + 300, aud: 'https://appleid.apple.com', sub: clientId });
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    body.set('client_id', clientId);
    body.set('client_secret', `${header}.${claims}.${signature}`);
  };
}
