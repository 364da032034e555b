import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { checkInPath } from '../../src/domain/check-in-page';

/** Issue 10 §1: the secret a site's QR poster carries, 128 random bits as 32 hex characters. */
export const newSiteKey = (): string => randomBytes(16).toString('hex');

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares in constant time: both sides are hashed first, so neither length nor content leaks. */
export function siteKeysMatch(stored: string, offered: string): boolean {
  return timingSafeEqual(digest(stored), digest(offered));
}

/** DESIGN.md: every address a browser receives is built from PUBLIC_URL. */
export const siteCheckInUrl = (publicUrl: string, siteId: string, key: string): string => `${publicUrl}${checkInPath(siteId, key)}`;
