import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_URL, databaseSetupError } from './database-setup-error';

// The local test server trusts every user, so the password cases are the driver's errors as given.
describe('databaseSetupError', () => {
  it('a wrong password: the URL masked, the user and password to check', () => {
    const err = Object.assign(new Error('password authentication failed for user "shop"'), { code: '28P01' });
    expect(databaseSetupError('postgres://shop:hunter2@db:5432/wf', err).message).toBe(
      'Cannot use the database at DATABASE_URL=postgres://shop:***@db:5432/wf: password authentication failed for user "shop"; ' +
        'check the user and password in DATABASE_URL.',
    );
  });

  it('a stock Postgres asking the default URL for a password: says what the default needs', () => {
    const err = new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string');
    expect(databaseSetupError(DEFAULT_DATABASE_URL, err).message).toBe(
      `Cannot use the database at DATABASE_URL=${DEFAULT_DATABASE_URL}: the server asks for a password and DATABASE_URL has none; ` +
        'put it in DATABASE_URL (postgres://user:password@host:port/database) or let the server trust this user in pg_hba.conf ' +
        '(DATABASE_URL is not set: the default needs a local Postgres that trusts the user postgres).',
    );
  });
});
