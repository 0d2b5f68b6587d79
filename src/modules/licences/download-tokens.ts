import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_DAYS } from '../../contract';

/** A grant's public id: "WL-" and three groups of 4 from GRANT_ID_PATTERN's 32 characters. */
const GRANT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function newGrantId(): string {
  // 32 characters: the low 5 bits of a random byte pick one without bias
  const chars = [...randomBytes(12)].map((b) => GRANT_ALPHABET[b & 31]!);
  return `WL-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A download link's token: 32 random bytes, base64url (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Only a keyed hash of a token is stored (HMAC-SHA256 with the session secret): a copy of the
 * database gives no working link, and a token can not be tried against it offline without the key.
 */
export function tokenHash(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`download-link:${token}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const linkExpiry = (from = new Date()) =>
  new Date(from.getTime() + DOWNLOAD_LINK_DAYS * 24 * 60 * 60 * 1000);
