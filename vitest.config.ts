import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'workers/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
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
