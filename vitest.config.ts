import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@shared/...` as the web app's build resolves it (vite.config.ts): src/shared. */
const resolve = { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'workers/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            // checks that span the server and the web app (src/ and workers/ never import web/src)
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          // tests/deploy runs the production build (dist/): `npm test` builds it before this project
          include: ['tests/api/**/*.test.ts', 'tests/workers/**/*.test.ts', 'tests/deploy/**/*.test.ts'],
          // each file gets its own database and Redis prefix, so files may run in parallel
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
