import { z } from 'zod';

/**
 * The shared input rules of every request schema, pure zod so the wire contract (src/contract/,
 * whose types the web app imports) can use them: ids within Postgres' integer range, numbers are
 * numbers (never coerced from booleans, arrays or objects), no NUL characters in text (Postgres
 * refuses them; enforced for every body and URL by validate.ts).
 */
export const MAX_ID = 2_147_483_647;
export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** A number, or a numeric string (forms send those); never a boolean, array or object. */
const numericString = /^\s*-?\d+(\.\d+)?\s*$/;
const fromNumericString = (v: unknown) => (typeof v === 'string' && numericString.test(v) ? Number(v) : v);

/** An id in a body: a whole number in 1..2^31-1 (or its numeric string). */
export function id(label: string, messages: { required?: string; invalid?: string } = {}) {
  const required = messages.required ?? `${label} is required`;
  const invalid = messages.invalid ?? `${label} must be a whole number`;
  return z.preprocess(
    fromNumericString,
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .min(1, messages.invalid ?? required)
      .max(MAX_ID, `${label} is out of range`),
  );
}

/** Any number schema, also taking the number's numeric string (and nothing else). */
export function numberIn<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromNumericString, schema);
}

/** A whole number within [min, max] (or its numeric string); one message for every failure. */
export function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    fromNumericString,
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/** A finite number (or its numeric string), e.g. an amount in dollars. */
export function decimal(message: string) {
  return z.preprocess(fromNumericString, z.number({ error: message }).refine(Number.isFinite, message));
}

/** An e-mail address (trimmed, at most 254 characters); one message for every failure. */
export function emailAddress(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
}
