import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomInt, randomBytes } from 'node:crypto';

/** 32 symbols without look-alikes (no 0/O, 1/I): 5 bits each, 16 of them about 80 bits. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;

/** A new code, from the OS's random source (randomInt draws without bias). */
export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** "WXYZ-ABCD-EFGH-JKLM": how a code is printed and e-mailed. */
export const formatCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/**
 * The code's keyed hash (the lookup: a database dump alone gives no code) and its encrypted copy
 * (only to e-mail it again), both with keys derived from SESSION_SECRET. A changed SESSION_SECRET
 * makes every card unfindable: the README says to keep it.
 */
export function createGiftCardCodes(sessionSecret: string) {
  const key = (purpose: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'wildframe', purpose, 32));
  const hashKey = key('gift-card-codes');
  const encryptionKey = key('gift-card-code-copies');
  return {
    /** The normalised code's hash (the contract's giftCardCodeSchema normalises). */
    hash: (code: string): string => createHmac('sha256', hashKey).update(code).digest('hex'),
    encrypt(code: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const data = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** null when it cannot be read (another SESSION_SECRET, or damaged). */
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
  };
}
export type GiftCardCodes = ReturnType<typeof createGiftCardCodes>;
