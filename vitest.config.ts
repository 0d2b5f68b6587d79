import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@shared/...` as the web app's build resolves it (vite.config.ts): src/shared. */
const resolve = { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } };

const timedAlone = ['tests/api/event-loop.test.ts'];

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
          exclude: [...timedAlone],
          // each file gets its own database and Redis prefix, so files may run in parallel
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // what measures the event loop runs after the others, alone: on two cores another
          // file's sharp work would be measured as the loop held
          name: 'integration-alone',
          include: [...timedAlone],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
