// The Node flags and environment defaults the API and the worker run with in production, read from
// `npm run start:api` / `start:worker` (package.json), so the benchmarks measure them as deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/platform/package-root';

const startScript = (name: 'start:api' | 'start:worker'): string[] => {
  const pkg = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts[name].split(/\s+/);
};

export function apiNodeFlags(): string[] {
  return nodeFlags('start:api');
}

export function nodeFlags(name: 'start:api' | 'start:worker'): string[] {
  return startScript(name).filter((word) => word.startsWith('--'));
}

/** The script's `NAME=${NAME:-default}` words: the defaults it sets when the variable is unset. */
export function envDefaults(name: 'start:api' | 'start:worker'): Record<string, string> {
  return Object.fromEntries(
    startScript(name).flatMap((word) => {
      const m = /^([A-Z_]+)=\$\{\1:-([^}]*)\}$/.exec(word);
      return m ? [[m[1], m[2]]] : [];
    }),
  );
}
