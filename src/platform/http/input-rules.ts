import { z } from 'zod';

/**
 * The shared input rules of every request schema, pure zod so the wire contract (src/contract/,
 * whose types the web app imports) can use them: ids within Postgres' integer range, numbers are
 * numbers (never coerced from booleans, arrays or objects), no NUL characters in text (Postgres
 * refuses them; enforced for every body and URL by validate.ts).
 */
export const MAX_ID = 2_147_483_647;
export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/**
 * A number as a request may carry it: a JSON number, or a plain decimal numeric string (forms and
 * multipart fields send those): an optional minus, digits, an optional fraction, spaces around.
 * Nothing else becomes a number: not a boolean, array, object or null, not a blank string, not
 * hex, octal, binary or exponent notation ('0x10', '0o7', '1e3'), not 'NaN' or 'Infinity'
 * (`Number()` would read most of those as a number). What is left is refused by `z.number()`,
 * which also refuses NaN and infinite values.
 */
const decimalString = /^\s*-?\d+(\.\d+)?\s*$/;
export const fromDecimalString = (v: unknown) =>
  typeof v === 'string' && decimalString.test(v) ? Number(v) : v;

/** An id in a body: a whole number in 1..2^31-1 (or its numeric string). */
export function id(label: string, messages: { required?: string; invalid?: string } = {}) {
  const required = messages.required ?? `${label} is required`;
  const invalid = messages.invalid ?? `${label} must be a whole number`;
  return z.preprocess(
    fromDecimalString,
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .min(1, messages.invalid ?? required)
      .max(MAX_ID, `${label} is out of range`),
  );
}

/** Any number schema, also taking the number's numeric string (and nothing else). */
export function numberIn<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromDecimalString, schema);
}

/** A whole number within [min, max] (or its numeric string); one message for every failure. */
export function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    fromDecimalString,
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** Whether a number of dollars is a whole number of cents (10.5 and 10.50 are; 10.005 is not). */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  // binary fractions: 0.29 * 100 is 28.999999999999996, still 29 cents
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

export type MoneyRules = {
  /** Not a number at all (a boolean, an array, a blank or non-decimal string ...). */
  invalid: string;
  /** Left out, null or blank; defaults to `invalid`. */
  required?: string;
  /** A fraction of a cent: refused, never rounded. */
  cents: string;
  min: [dollars: number, message: string];
  max: [dollars: number, message: string];
};

/**
 * An amount of money in dollars: a number (or its decimal string) within [min, max] with at most
 * two decimals. Every money field of every request goes through this one rule.
 */
export function money(rules: MoneyRules) {
  const { invalid, required = invalid } = rules;
  const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());
  return z.preprocess(
    fromDecimalString,
    z
      .number({ error: (iss) => (missing(iss.input) ? required : invalid) })
      .min(rules.min[0], rules.min[1])
      .max(rules.max[0], rules.max[1])
      .refine(isWholeCents, rules.cents),
  );
}

/** The most an integer-cents column (Postgres integer) can hold, in dollars. */
export const MAX_DOLLARS = Math.floor(MAX_ID / 100);

/** The message for a fraction of a cent in a field. */
export const centsMessage = (label: string) => `${label} must be in whole cents (at most 2 decimal places)`;

/** An e-mail address (trimmed, at most 254 characters); one message for every failure. */
export function emailAddress(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

/**
 * What a one-line name (a title, a species, a category) may not hold: the C0 controls (tab and line
 * breaks too), DEL and the C1 controls, and the invisible direction marks, embeddings, overrides
 * and isolates (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) that make a name show
 * otherwise than it reads (a right-to-left override turns "Owl" around).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const hasControlCharacters = (v: string): boolean => CONTROL_CHARACTERS.test(v);
export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

/** A name from elsewhere (a file's own title) made one line: each control character a space. */
export const asOneLine = (v: string): string =>
  v.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
