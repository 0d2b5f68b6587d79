import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

describe('validateLogin', () => {
  it('accepts 1-50 character usernames and 1-100 character passwords', () => {
    expect(validateLogin('owner', 'x')).toEqual({});
    expect(validateLogin('a'.repeat(50), 'p'.repeat(100))).toEqual({});
  });

  it('rejects empty and too long values', () => {
    expect(validateLogin('  ', '')).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin('a'.repeat(51), 'p'.repeat(101))).toEqual({
      username: 'Username must be at most 50 characters',
      password: 'Password must be at most 100 characters',
    });
  });
});
