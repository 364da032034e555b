import { TokenResponse, type TokenRequest } from '../domain/token';
import { callForJson, type CallOptions } from './client';

/** Spec §7 auth/token: the auth code, plus inviteCode only when the session holds one. */
export async function exchangeToken(request: TokenRequest, options: CallOptions = {}): Promise<string> {
  const json: TokenRequest = request.inviteCode ? { code: request.code, inviteCode: request.inviteCode } : { code: request.code };
  const response = await callForJson(TokenResponse, 'post', 'auth/token', { ...options, json });
  return response.token;
}
