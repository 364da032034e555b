import { TokenResponse } from '../domain/token';
import { callForJson, type CallOptions } from './client';

/** The refresh token travels in its httpOnly cookie; only the new access token comes back. */
export async function refreshToken(options: CallOptions = {}): Promise<string> {
  const response = await callForJson(TokenResponse, 'post', 'auth/refresh', { ...options, json: {} });
  return response.token;
}
