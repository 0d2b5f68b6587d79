import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of the nearest package.json above this module: the repository when it runs from
 * source (tsx, vitest), the deployment's root when it runs from the build (dist/node/...). What the
 * app reads from disk (dist/web, dist/server, migrations) is found from here, wherever it was
 * started from; the working directory is the last resort.
 */
export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

/** True when this module runs compiled (the production build), false when it runs as TypeScript. */
export const runsCompiled = !import.meta.url.endsWith('.ts');

function findPackageRoot(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return process.cwd();
  }
}
