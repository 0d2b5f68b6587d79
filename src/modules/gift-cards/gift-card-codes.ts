import { createHmac, randomInt } from 'node:crypto';
import { createSealedText, keyFor } from '../../platform/sealed-text';

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
  const hashKey = keyFor(sessionSecret, 'gift-card-codes');
  const copies = createSealedText(sessionSecret, 'gift-card-code-copies');
  return {
    /** The normalised code's hash (the contract's giftCardCodeSchema normalises). */
    hash: (code: string): string => createHmac('sha256', hashKey).update(code).digest('hex'),
    encrypt: (code: string): string => copies.seal(code),
    /** null when it cannot be read (another SESSION_SECRET, or damaged). */
    decrypt: (stored: string): string | null => copies.open(stored),
  };
}
export type GiftCardCodes = ReturnType<typeof createGiftCardCodes>;
