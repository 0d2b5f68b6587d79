import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A 32-byte key for one purpose, derived from SESSION_SECRET (a new purpose: a new key). */
export const keyFor = (sessionSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'wildframe', purpose, 32));

/**
 * Text kept encrypted at rest (AES-256-GCM, a fresh IV each time) with a key for one purpose: a
 * lab's credentials, a gift card's code for sending it again. A database dump alone does not give
 * it away; another SESSION_SECRET (or damaged text) reads back as null.
 */
export function createSealedText(sessionSecret: string, purpose: string) {
  const key = keyFor(sessionSecret, purpose);
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(stored: string): string | null {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !data) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
