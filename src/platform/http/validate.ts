import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { badRequest, notFound } from './app-error';
import { MAX_ID, NUL_MESSAGE } from './input-rules';

/**
 * One set of input rules at the edge: schemas (src/contract/) use the pure rules of
 * input-rules.ts (`id()`, `wholeNumber()`, `decimal()`, `numberIn()`); every JSON body is parsed
 * by `jsonBody()` and every /api URL checked by `rejectNulInUrl`, so no text holds a NUL.
 */
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
