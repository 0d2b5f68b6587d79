import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './redis-server';

/**
 * A PgBouncer of the test's own (Debian's `pgbouncer` binary), in front of the Postgres on
 * localhost: what a managed Postgres offers. Like those, it serves only the databases it lists
 * (a connection to any other, `postgres` included, fails with "no such database") and refuses
 * startup parameters it does not know (e.g. `statement_timeout`, `options`).
 *
 * Started in the foreground as a child process (not daemonized), config and auth file in a temp
 * directory of its own, listening on a free port on 127.0.0.1 only, no Unix socket, auth_type
 * trust (the user must still be listed in the auth file; the upstream user is). PgBouncer refuses
 * to run as root: as root it is started with `-u <user>` (postgres if that user exists, else
 * nobody), so the temp directory and files are made readable to that user.
 *
 *   const bouncer = await startPgBouncer({ databases: ['shop'] });
 *   bouncer.url('shop') // postgres://postgres@127.0.0.1:<port>/shop
 *   await bouncer.stop();
 */
export type PgBouncerOptions = {
  /** Names served, each forwarded to the database of the same name upstream; nothing else is. */
  databases: string[];
  /** The real server (host, port and user are used): DATABASE_URL or postgres@127.0.0.1:5432. */
  upstream?: string;
  /** transaction (default: the strictest, what managed poolers use), session or statement. */
  poolMode?: 'transaction' | 'session' | 'statement';
  /** Server connections per database and user (default_pool_size; default 10). */
  poolSize?: number;
  /** Further `[pgbouncer]` settings, written as they are (e.g. { server_idle_timeout: '5' }). */
  settings?: Record<string, string | number>;
};

export type PgBouncer = {
  host: string;
  port: number;
  /** A connection URL through PgBouncer to one of the databases it serves. */
  url(database: string): string;
  /** Everything PgBouncer wrote (its log goes to stderr): for a failing test's message. */
  log(): string;
  /** Stops it (SIGTERM: open client connections are closed) and removes its files. */
  stop(): Promise<void>;
};

const binary =
  process.env.PGBOUNCER_BIN ?? (existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer');

/** The user a root process hands PgBouncer to (it will not run as root). */
function unprivilegedUser(): string {
  const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  return /^postgres:/m.test(passwd) ? 'postgres' : 'nobody';
}

function iniValue(v: string): string {
  if (!/^[\w.-]+$/.test(v)) throw new Error(`unexpected character in a PgBouncer setting: ${v}`);
  return v;
}

/** Resolves once something accepts TCP connections on host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPgBouncer(opts: PgBouncerOptions): Promise<PgBouncer> {
  const upstream = new URL(
    opts.upstream ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/',
  );
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = decodeURIComponent(upstream.password);
  const host = '127.0.0.1';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-pgbouncer-'));
  chmodSync(dir, 0o755);
  const authFile = path.join(dir, 'userlist.txt');
  const iniFile = path.join(dir, 'pgbouncer.ini');
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  writeFileSync(authFile, `${quote(user)} ${quote(password)}\n`, { mode: 0o644 });

  const upstreamHost = upstream.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const upstreamPort = upstream.port || '5432';
  const databases = opts.databases.map(
    (name) =>
      `${iniValue(name)} = host=${iniValue(upstreamHost)} port=${iniValue(upstreamPort)} ` +
      `dbname=${iniValue(name)} user=${iniValue(user)}` +
      (password ? ` password=${iniValue(password)}` : ''),
  );
  const settings: Record<string, string | number> = {
    pool_mode: opts.poolMode ?? 'transaction',
    default_pool_size: opts.poolSize ?? 10,
    max_client_conn: 500,
    auth_type: 'trust',
    auth_file: authFile,
    ...opts.settings,
  };

  let proc: ChildProcess | null = null;
  let output = '';
  let port = 0;
  // The free port is asked from the OS and then bound by PgBouncer: another process may take it
  // in between, so a failed start is retried on a new port.
  for (let attempt = 0; attempt < 3 && !proc; attempt++) {
    port = await freePort();
    const ini = [
      '[databases]',
      ...databases,
      '',
      '[pgbouncer]',
      `listen_addr = ${host}`,
      `listen_port = ${port}`,
      'unix_socket_dir =',
      ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
      '',
    ].join('\n');
    writeFileSync(iniFile, ini, { mode: 0o644 });
    const asRoot = process.getuid?.() === 0;
    const args = [...(asRoot ? ['-u', unprivilegedUser()] : []), iniFile];
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let exited = false;
    let spawnError: Error | null = null;
    child.once('exit', () => (exited = true));
    child.once('error', (err) => {
      spawnError = err;
      exited = true;
    });
    for (let i = 0; i < 100 && !exited; i++) {
      if (await accepts(host, port)) {
        proc = child;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (spawnError)
      throw new Error(
        `cannot run ${binary} (install Debian's pgbouncer: apt-get install pgbouncer): ${String(spawnError)}`,
      );
    if (!proc) child.kill('SIGKILL');
  }
  if (!proc) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer did not start:\n${output}`);
  }

  const running = proc;
  return {
    host,
    port,
    url: (database) => {
      const url = new URL(`postgres://${host}:${port}/${encodeURIComponent(database)}`);
      url.username = encodeURIComponent(user);
      if (password) url.password = encodeURIComponent(password);
      return url.toString();
    },
    log: () => output,
    async stop() {
      if (running.exitCode === null && running.signalCode === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
          running.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          running.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
