import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The lab's API key and secret are stored encrypted (AES-256-GCM) with a key derived from
 * SESSION_SECRET, so a database dump or backup alone does not give them away. Changing
 * SESSION_SECRET makes them unreadable: the owner enters them again (the admin says so).
 */
const keyFor = (sessionSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'wildframe', purpose, 32));

export function createLabSecrets(sessionSecret: string) {
  const encryptionKey = keyFor(sessionSecret, 'lab-credentials');
  const signingKey = keyFor(sessionSecret, 'lab-file-urls');
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** null when it can not be read (another SESSION_SECRET, or damaged). */
    decrypt(stored: string): string | null {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !data) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
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
