import { describe, expect, it } from 'vitest';
import { errorMessage, parseBody, serverMessage, toApiError } from './api-error';

describe('toApiError', () => {
  it('formats a JSON error body as "status: body text" and keeps its message', () => {
    const err = toApiError(404, { message: 'Photo not found' });
    expect(err.message).toBe('404: {"message":"Photo not found"}');
    expect(err.serverMessage).toBe('Photo not found');
  });

  it('keeps per-field errors of a 400 answer', () => {
    const err = toApiError(400, { message: 'Invalid input', errors: { email: 'Bad email', n: 3 } });
    expect(err.errors).toEqual({ email: 'Bad email' });
  });

  it('formats a plain text body as it came', () => {
    const err = toApiError(502, 'Bad Gateway');
    expect(err.message).toBe('502: Bad Gateway');
    expect(err.serverMessage).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(toApiError(429, { message: 'Too many requests, slow down.' }))).toBe(
      'Too many requests, slow down.',
    );
  });

  it('falls back to the status and body text', () => {
    expect(errorMessage(toApiError(500, 'oops'))).toBe('500: oops');
  });

  it('reads plain Errors and unknown values', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(42)).toBe('Unknown error');
  });
});

describe('serverMessage', () => {
  it('is undefined without a JSON message', () => {
    expect(serverMessage(toApiError('FETCH_ERROR', 'TypeError: Failed to fetch'))).toBeUndefined();
  });
});

describe('parseBody', () => {
  it('parses JSON, keeps text, maps empty to null', () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('hello')).toBe('hello');
    expect(parseBody('')).toBeNull();
  });
});
