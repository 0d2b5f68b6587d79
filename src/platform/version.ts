import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { versionSchema, type VersionInfo } from '../contract/version';
import { bindEndpoints, type EndpointSpec } from './http/endpoint';
import { packageRoot } from './package-root';

const SHA = /^[0-9a-f]{7,64}$/i;
// What a deployment may put in GIT_COMMIT/SOURCE_COMMIT: a hash, or a tag-like name.
const COMMIT_NAME = /^[\w.+/-]{1,100}$/;

/** package.json's version (backups record it too). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** GIT_COMMIT or SOURCE_COMMIT (set by the deployment), else the checkout's HEAD, else null. */
function gitCommit(): string | null {
  for (const name of ['GIT_COMMIT', 'SOURCE_COMMIT']) {
    const value = process.env[name]?.trim();
    if (value && COMMIT_NAME.test(value)) return value;
  }
  if (!existsSync(path.join(packageRoot, '.git'))) return null;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: packageRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    return SHA.test(head) ? head : null;
  } catch {
    return null; // no git on this machine, or not a repository after all
  }
}

let info: VersionInfo | undefined;

/** What is running: read once per process (the commit may take a `git` call), then kept. */
export function versionInfo(): VersionInfo {
  info ??= {
    version: packageVersion(),
    commit: gitCommit(),
    startedAt: new Date(Math.round(performance.timeOrigin)).toISOString(),
    node: process.version,
  };
  return info;
}

export const versionEndpoints = {
  version: {
    method: 'GET',
    path: '/api/version',
    auth: 'public',
    session: false,
    cache: 'no-store',
    answer: versionSchema,
    contract: 'GET /api/version',
  },
} satisfies Record<string, EndpointSpec>;

/** `GET /api/version`: public, no session, never cached. Reads the version now, at start. */
export function createVersionEndpoints() {
  const answer = versionInfo();
  return bindEndpoints(versionEndpoints, {
    version: (_req, res) => {
      res.json(answer);
    },
  });
}
