import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './password-validation';

describe('validateNewPassword', () => {
  it('asks for 12 to 100 characters, typed the same twice', () => {
    expect(validateNewPassword({ next: 'short', repeat: 'short' })).toEqual({
      next: 'The new password must be 12 to 100 characters long.',
    });
    expect(validateNewPassword({ next: 'x'.repeat(101), repeat: 'x'.repeat(101) }).next).toBeDefined();
    expect(validateNewPassword({ next: 'a long password', repeat: 'a long passw0rd' })).toEqual({
      repeat: 'The two passwords are not the same.',
    });
    expect(validateNewPassword({ next: 'a long password', repeat: 'a long password' })).toEqual({});
  });

  it('asks for the current password only when it is asked, and a different new one', () => {
    expect(validateNewPassword({ current: '', next: 'a long password', repeat: 'a long password' })).toEqual({
      current: 'Enter your current password.',
    });
    expect(
      validateNewPassword({ current: 'a long password', next: 'a long password', repeat: 'a long password' }),
    ).toEqual({ next: 'Choose a new password, not the one you have now.' });
  });
});
