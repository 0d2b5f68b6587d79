import { createHmac, randomBytes } from 'node:crypto';
import { keyFor } from '../../platform/sealed-text';

/** A reminder's link token: 32 random bytes, base64url (43 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Keyed hashes (keys derived from SESSION_SECRET): a reminder's link token (a copy of the database
 * gives no working link) and an address that said stop (kept without the address itself).
 */
export function createReminderHashes(sessionSecret: string) {
  const tokenKey = keyFor(sessionSecret, 'cart-reminder-links');
  const emailKey = keyFor(sessionSecret, 'cart-reminder-stops');
  return {
    newToken: () => randomBytes(32).toString('base64url'),
    token: (token: string) => createHmac('sha256', tokenKey).update(token).digest('hex'),
    email: (email: string) => createHmac('sha256', emailKey).update(email.trim().toLowerCase()).digest('hex'),
  };
}
export type ReminderHashes = ReturnType<typeof createReminderHashes>;
