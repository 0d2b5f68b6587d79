// A first start against a Postgres that is not set up as the default DATABASE_URL expects (a local
// server trusting the user `postgres`) must say what is wrong in a sentence, not a driver trace.
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/wildframe';

/** Why the database named by DATABASE_URL cannot be used; its message is the one line to print. */
export class DatabaseSetupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseSetupError';
  }
}

/** The URL as it can be printed: the password, if any, masked. */
export function maskedDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}

type PgError = { code?: string; message?: string };

/**
 * One sentence for a failure to connect to (or create) the database: the address tried, what
 * failed and what to check. `creating` is the database's name when the failure came while
 * creating it (the URL's database did not exist).
 */
export function databaseSetupError(databaseUrl: string, err: unknown, creating?: string): DatabaseSetupError {
  const e = (err ?? {}) as PgError;
  const msg = e.message ?? String(err);
  const url = new URL(databaseUrl);
  const user = decodeURIComponent(url.username) || 'the current OS user';
  const host = `${url.hostname || 'localhost'}:${url.port || 5432}`;
  const defaultHint =
    databaseUrl === DEFAULT_DATABASE_URL
      ? ' (DATABASE_URL is not set: the default needs a local Postgres that trusts the user postgres)'
      : '';
  let what: string;
  let check: string;
  if (creating) {
    what = `database "${creating}" does not exist and could not be created (${msg})`;
    check = `create it (createdb -O ${user} ${creating}) or let ${user} create databases (CREATEDB)`;
  } else if (e.code === '28000' && /role .* does not exist/.test(msg)) {
    what = msg;
    check = `create that role (createuser --superuser ${user}) or set DATABASE_URL to a user that exists${defaultHint}`;
  } else if (e.code === '28P01') {
    what = msg;
    check = `check the user and password in DATABASE_URL${defaultHint}`;
  } else if (/client password must be/.test(msg)) {
    what = `the server asks for a password and DATABASE_URL has none`;
    check = `put it in DATABASE_URL (postgres://user:password@host:port/database) or let the server trust this user in pg_hba.conf${defaultHint}`;
  } else if (e.code === '28000') {
    what = msg;
    check = `allow this host and user in the server's pg_hba.conf, or set DATABASE_URL to ones it allows`;
  } else if (e.code === 'ECONNREFUSED') {
    what = `connection refused at ${host}`;
    check = `start Postgres, or correct the host and port in DATABASE_URL${defaultHint}`;
  } else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') {
    what = `host "${url.hostname}" not found`;
    check = 'correct the host in DATABASE_URL';
  } else if (e.code === '3D000') {
    what = msg;
    check = 'create it (createdb) or correct the database name in DATABASE_URL';
  } else if (e.code === 'ETIMEDOUT' || /timeout/i.test(msg)) {
    what = `no answer from ${host}`;
    check = 'check that Postgres runs there and that a firewall lets the connection through';
  } else {
    what = msg;
    check = `check DATABASE_URL and that Postgres runs at ${host}`;
  }
  return new DatabaseSetupError(
    `Cannot use the database at DATABASE_URL=${maskedDatabaseUrl(databaseUrl)}: ${what}; ${check}.`,
    { cause: err },
  );
}
