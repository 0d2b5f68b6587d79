export type LoginErrors = Partial<Record<'username' | 'password', string>>;

/** Username 1-50 characters, password 1-100 characters, as the server checks them. */
export function validateLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const name = username.trim();
  if (name.length < 1) errors.username = 'Username is required';
  else if (name.length > 50) errors.username = 'Username must be at most 50 characters';
  if (password.length < 1) errors.password = 'Password is required';
  else if (password.length > 100) errors.password = 'Password must be at most 100 characters';
  return errors;
}
