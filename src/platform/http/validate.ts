import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { badRequest, notFound } from './app-error';

/**
 * One set of input rules at the edge: no NUL characters in text (Postgres
 * refuses them), ids within Postgres' integer range, numbers are numbers (never coerced from
 * booleans, arrays or objects). Schemas use `id()`, `wholeNumber()`, `decimal()` and `numberIn()`;
 * every JSON body is parsed by `jsonBody()` and every /api URL checked by `rejectNulInUrl`.
 */
export const MAX_ID = 2_147_483_647;
export const NUL_MESSAGE = 'Text must not contain NUL characters.';

// Turns zod issues into the `errors` object of our error contract: one message per field.
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0];
    throw badRequest(first ? `Invalid ${what}: ${first}` : `Invalid ${what}.`, errors);
  }
  return result.data;
}

/**
 * Route ids: a non-numeric id is a 400, never a database error; a number no row can have (beyond
 * the integer range) is simply not found.
 */
export function parseId(value: unknown, name = 'id'): number {
  if (typeof value !== 'string' || !/^\d{1,400}$/.test(value) || /^0+$/.test(value))
    throw badRequest(`The ${name} must be a positive whole number.`);
  const n = Number(value);
  if (n > MAX_ID) throw notFound(`No ${name.replace(/ id$/, '')} with that id.`);
  return n;
}

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

/**
 * The dotted path of the first string (or key) holding a NUL character, or null. Nesting deeper
 * than any of our schemas is not walked (and is refused by them anyway).
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

const nulError = (field: string) => badRequest(`Invalid request: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE });

/** Mounted on /api before any route: NUL in the path or the query string is a 400. */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  const [pathPart, queryPart = ''] = req.originalUrl.split(/\?(.*)/s, 2);
  const hasNul = (s: string) => /%00/.test(s) || s.includes('\u0000');
  if (hasNul(pathPart)) return next(nulError('path'));
  if (hasNul(queryPart)) return next(nulError(findNul(req.query) ?? 'query'));
  next();
};

/** express.json, then the same NUL rule for every string (and key) in the body. */
export function jsonBody(limit: string): RequestHandler {
  const json = express.json({ limit });
  return (req, res, next) =>
    json(req, res, (err?: unknown) => {
      if (err) return next(err);
      const field = findNul(req.body);
      next(field ? nulError(field) : undefined);
    });
}
