import { describe, expect, it } from 'vitest';
import { validateContact } from './contact-validation';

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact({ name: 'Al', email: 'al@example.com', message: 'Hello there!' })).toEqual({});
  });

  it('names every rule that fails, in the spec words', () => {
    expect(validateContact({ name: 'A', email: 'nope', message: 'too short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });

  it('does not count surrounding spaces', () => {
    expect(validateContact({ name: ' A ', email: 'a@b.co', message: '   123456789   ' })).toEqual({
      name: 'Name must be at least 2 characters',
      message: 'Message must be at least 10 characters',
    });
  });
});
