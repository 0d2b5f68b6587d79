import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import tls from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './redis-server';
import { stopChild, trackChild } from './prod-build';

/**
 * Caddy (Debian's `caddy`) terminating TLS with a certificate from its own internal CA, in front
 * of one or more HTTP upstreams, balanced round robin, as deploy/Caddyfile does with
 * `PUBLIC_URL=https://localhost` (static upstreams here: the API processes listen on ports of
 * their own, not behind one DNS name). Started as a child process in a process group of its own,
 * everything (config, certificates, HOME) in a temp directory, listening on 127.0.0.1 only,
 * without the admin endpoint, HTTP->HTTPS redirects or HTTP/3, and never installing its root
 * certificate into the system's trust store.
 *
 *   const caddy = await startCaddy({ upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'] });
 *   caddy.url    // https://localhost:<port>
 *   caddy.ca     // its root certificate (PEM): trust it in the client
 *   await caddy.stop();
 */
export type CaddyOptions = {
  /** host:port of each upstream (they may start after Caddy: it waits up to 15 s for one). */
  upstreams: string[];
};

export type Caddy = {
  port: number;
  /** The site's address: https://localhost:<port> (resolve localhost to 127.0.0.1). */
  url: string;
  /** The internal CA's root certificate, PEM. */
  ca: string;
  caddyfile: string;
  log(): string;
  stop(): Promise<void>;
};

const binary = process.env.CADDY_BIN ?? (existsSync('/usr/bin/caddy') ? '/usr/bin/caddy' : 'caddy');

function caddyfile(dir: string, port: number, httpPort: number, upstreams: string[]): string {
  return `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system ${path.join(dir, 'data')}
	http_port ${httpPort}
	https_port ${port}
	servers {
		protocols h1 h2
	}
}

https://localhost:${port} {
	bind 127.0.0.1
	tls internal
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 15s
		lb_try_interval 250ms
		transport http {
			dial_timeout 3s
			compression off
		}
	}
}
`;
}

/** Caddy accepts a TLS connection for `localhost` with a certificate from `ca`. */
function handshakes(port: number, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca, timeout: 5000 });
    socket.once('secureConnect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => socket.destroy());
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export async function startCaddy(opts: CaddyOptions): Promise<Caddy> {
  if (!opts.upstreams.length) throw new Error('startCaddy needs at least one upstream');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-caddy-'));
  const file = path.join(dir, 'Caddyfile');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, 'xdg-data'),
    XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
  };
  mkdirSync(env.XDG_DATA_HOME);
  mkdirSync(env.XDG_CONFIG_HOME);
  const rootCert = path.join(dir, 'data/pki/authorities/local/root.crt');

  let proc: ChildProcess | null = null;
  let output = '';
  let port = 0;
  let config = '';
  // A free port may be taken by someone else before Caddy binds it: a failed start tries another.
  for (let attempt = 0; attempt < 3 && !proc; attempt++) {
    port = await freePort();
    config = caddyfile(dir, port, await freePort(), opts.upstreams);
    writeFileSync(file, config);
    const child = spawn(binary, ['run', '--config', file, '--adapter', 'caddyfile'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    trackChild(child);
    output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let spawnError: Error | null = null;
    child.once('error', (err) => (spawnError = err));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && child.exitCode === null && !spawnError) {
      // listening, with a certificate for localhost from its CA (upstreams may still be starting)
      if (existsSync(rootCert) && (await handshakes(port, readFileSync(rootCert, 'utf8')))) {
        proc = child;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    if (spawnError) throw new Error(`cannot run ${binary} (install Debian's caddy): ${String(spawnError)}`);
    if (!proc) await stopChild(child, 2000);
  }
  if (!proc) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`caddy did not start:\n${output}`);
  }
  const ca = readFileSync(rootCert, 'utf8');
  const running = proc;
  const stop = async () => {
    await stopChild(running, 5000);
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    port,
    url: `https://localhost:${port}`,
    ca,
    caddyfile: config,
    log: () => output,
    stop,
  };
}
