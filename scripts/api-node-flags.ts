// The Node flags the API runs with in production, read from `npm run start:api` (package.json), so
// the benchmarks measure the API as it is deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../src/platform/package-root';

export function apiNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts['start:api'].split(/\s+/).filter((word) => word.startsWith('--'));
}
