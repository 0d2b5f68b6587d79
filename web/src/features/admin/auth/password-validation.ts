export type PasswordErrors = Partial<Record<'current' | 'next' | 'repeat', string>>;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 100;

/**
 * The new password as the server checks it (12 to 100 characters), typed the same twice, and the
 * current one when it is asked for (`current` undefined: not asked).
 */
export function validateNewPassword(input: {
  current?: string;
  next: string;
  repeat: string;
}): PasswordErrors {
  const errors: PasswordErrors = {};
  if (input.current !== undefined && input.current.length === 0)
    errors.current = 'Enter your current password.';
  if (input.next.length < PASSWORD_MIN || input.next.length > PASSWORD_MAX)
    errors.next = `The new password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`;
  else if (input.current !== undefined && input.next === input.current)
    errors.next = 'Choose a new password, not the one you have now.';
  if (!errors.next && input.repeat !== input.next) errors.repeat = 'The two passwords are not the same.';
  return errors;
}
