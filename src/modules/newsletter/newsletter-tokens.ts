import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keyFor } from '../../platform/sealed-text';

/** An address as the lists compare it: trimmed, lower case. */
export const normalisedAddress = (email: string): string => email.trim().toLowerCase();

const UNSUBSCRIBE_TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;
const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The newsletter's keyed hashes, each with its own key derived from SESSION_SECRET: the suppression
 * list's (a normalised address), the confirmation link's (its random token: only the hash is
 * stored), and the unsubscribe link's, which is the subscriber's id and an HMAC of it with a random
 * salt of its row: made again for each e-mail, never stored, and dead once the row is gone.
 */
export function createNewsletterTokens(sessionSecret: string) {
  const mac = (purpose: string, text: string) =>
    createHmac('sha256', keyFor(sessionSecret, purpose)).update(text).digest();
  const unsubscribeMac = (id: number, salt: string) =>
    mac('newsletter-unsubscribe', `${id}:${salt}`).toString('base64url');
  return {
    suppressionHash: (email: string): string =>
      mac('newsletter-suppression', normalisedAddress(email)).toString('hex'),
    newConfirmToken: (): string => randomBytes(32).toString('base64url'),
    /** The stored form of a confirmation token; null for what cannot be one. */
    confirmHash: (token: string): string | null =>
      CONFIRM_TOKEN.test(token) ? mac('newsletter-confirm', token).toString('hex') : null,
    newSalt: (): string => randomBytes(16).toString('hex'),
    unsubscribeToken: (id: number, salt: string): string => `${id}.${unsubscribeMac(id, salt)}`,
    /** The subscriber id a token names (its HMAC still to check against the row), or null. */
    unsubscribeId: (token: string): number | null => {
      const m = UNSUBSCRIBE_TOKEN.exec(token);
      return m ? Number(m[1]) : null;
    },
    unsubscribeMatches(token: string, id: number, salt: string): boolean {
      const given = Buffer.from(token);
      const expected = Buffer.from(`${id}.${unsubscribeMac(id, salt)}`);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type NewsletterTokens = ReturnType<typeof createNewsletterTokens>;
