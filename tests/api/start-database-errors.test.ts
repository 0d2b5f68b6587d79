import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/redis-server';

// A first start on a Postgres not set up as the default DATABASE_URL expects: `npm start` and
// `npm run migrate` say in one sentence what failed and what to check, with no driver stack trace.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');

function run(script: 'start' | 'migrate', databaseUrl: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script],
      {
        cwd: root,
        timeout: 60_000,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, DEMO_DATA: 'false' },
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const noStack = (output: string) => expect(output).not.toMatch(/\n\s+at |node_modules|DatabaseError/);

describe.each(['start', 'migrate'] as const)('npm %s on a database it cannot use', (script) => {
  it('names DATABASE_URL, the role that does not exist and what to do', async () => {
    const { code, output } = await run(script, 'postgres://nosuchrole@127.0.0.1:5432/x');
    expect(code).not.toBe(0);
    expect(output.trim()).toBe(
      'Cannot use the database at DATABASE_URL=postgres://nosuchrole@127.0.0.1:5432/x: role "nosuchrole" does not exist; ' +
        'create that role (createuser --superuser nosuchrole) or set DATABASE_URL to a user that exists.',
    );
    noStack(output);
  });

  it('says the connection was refused, with the password masked', async () => {
    const port = await freePort();
    const { code, output } = await run(script, `postgres://postgres:s3cret@127.0.0.1:${port}/x`);
    expect(code).not.toBe(0);
    expect(output).toContain(
      `Cannot use the database at DATABASE_URL=postgres://postgres:***@127.0.0.1:${port}/x: connection refused at 127.0.0.1:${port}; start Postgres`,
    );
    expect(output).not.toContain('s3cret');
    noStack(output);
  });
});

describe('a missing database its role may not create', () => {
  const role = `wf_nocreate_${randomBytes(3).toString('hex')}`;
  const admin = () => {
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    return new pg.Client({ connectionString: url.toString() });
  };
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create role ${role} login nocreatedb`);
    await c.end();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop role if exists ${role}`);
    await c.end();
  });

  it('says the database does not exist and how to create it', async () => {
    const url = new URL(serverUrl);
    url.username = role;
    url.pathname = `/${role}_db`;
    const { code, output } = await run('migrate', url.toString());
    expect(code).not.toBe(0);
    expect(output).toContain(
      `Cannot use the database at DATABASE_URL=${url}: database "${role}_db" does not exist`,
    );
    expect(output).toContain(`create it (createdb -O ${role} ${role}_db)`);
    expect(output.trim().split('\n')).toHaveLength(1);
    noStack(output);
  });
});
