import { z } from 'zod';
import { badRequest } from './app-error';

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

/** Route ids: a non-numeric id is a 400, never a database error. */
export function parseId(value: unknown, name = 'id'): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`The ${name} must be a positive whole number.`);
  return n;
}
