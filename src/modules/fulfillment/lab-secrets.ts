import { createHmac, timingSafeEqual } from 'node:crypto';
import { createSealedText, keyFor } from '../../platform/sealed-text';

/**
 * The lab's API key and secret are stored encrypted (AES-256-GCM) with a key derived from
 * SESSION_SECRET, so a database dump or backup alone does not give them away. Changing
 * SESSION_SECRET makes them unreadable: the owner enters them again (the admin says so).
 */
export function createLabSecrets(sessionSecret: string) {
  const credentials = createSealedText(sessionSecret, 'lab-credentials');
  const signingKey = keyFor(sessionSecret, 'lab-file-urls');
  return {
    encrypt: (plain: string): string => credentials.seal(plain),
    /** null when it can not be read (another SESSION_SECRET, or damaged). */
    decrypt: (stored: string): string | null => credentials.open(stored),
    /**
     * The signature of a lab file address: what it names (an original's asset id, or a print's
     * 'p.{photoId}.{printOptionId}') and the time it stops working.
     */
    sign(subject: number | string, expires: number): string {
      return createHmac('sha256', signingKey).update(`${subject}.${expires}`).digest('base64url');
    },
    verify(subject: number | string, expires: number, signature: string, now = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
      const want = Buffer.from(this.sign(subject, expires));
      const got = Buffer.from(signature);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
export type LabSecrets = ReturnType<typeof createLabSecrets>;
