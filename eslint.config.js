import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Module boundaries: a server module is reached only through its index.ts. The web app imports in
// one direction, shared (web/src/components, web/src/lib) <- features <- app, and a feature reaches
// another only through that feature's index.ts.
// Both lists are read from the folders, so a new module or feature is a boundary at once.
const foldersIn = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersIn('web/src/features');
// The admin app's zones: each screen folder (web/src/features/admin/<screen>/) imports no other
// screen; what two screens share lives in admin/shared/, which imports no screen. Screens are composed
// only in admin-routes.tsx. The folders are read here, so a new screen is a zone at once.
const adminDir = path.join(import.meta.dirname, 'web/src/features/admin');
const adminScreens = readdirSync(adminDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const serverModules = foldersIn('src/modules');

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'bench-results', '.tools'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Every file under 400 lines, counted as `wc -l` does (tests and demo data aside).
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'tests/**', 'src/demo/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/**/*.ts', 'workers/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverModules.map((m) => ({
            group: [`**/modules/${m}/*`, `!**/modules/${m}/index`, `!**/modules/${m}/index.ts`],
            message: `Import the ${m} module through its index.ts.`,
          })),
        },
      ],
    },
  },
  {
    // The server and the workers never import the web app (not even its types): what both sides
    // run lives in src/shared, what they say to each other in src/contract.
    files: ['src/**/*.ts', 'workers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/src', '**/web/src/**', '**/web', 'web/**'],
              message: 'The server does not import the web app: shared pure code lives in src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pure code both sides run (the web app imports it as `@shared/...`): no imports but its own.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'src/shared imports only its own files.' }] },
      ],
    },
  },
  {
    // The contract is read by the web app too: zod, its own files and the pure input rules only.
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./platform/http/input-rules$)',
              message: 'The contract imports only zod, its own files and ../platform/http/input-rules.',
            },
          ],
        },
      ],
    },
  },
  ...serverModules.map((m) => ({
    // inside a module, its own files may import each other
    files: [`src/modules/${m}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverModules
            .filter((o) => o !== m)
            .map((o) => ({
              group: [
                `**/modules/${o}/*`,
                `!**/modules/${o}/index`,
                `!**/modules/${o}/index.ts`,
                `../${o}/*`,
                `!../${o}/index`,
              ],
              message: `Import the ${o} module through its index.ts.`,
            })),
        },
      ],
    },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      // The web app sees the server only through its HTTP contract, and only its types: no
      // server code can end up in the browser bundle. The pure code both sides run is
      // `@shared/...` (src/shared, an alias of tsconfig.json, vite.config.ts and vitest.config.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@contract',
              allowTypeImports: true,
              message: "Import the server's contract with `import type` (types only).",
            },
          ],
          patterns: [
            {
              group: ['**/src/**', 'src/**', '**/workers/**', 'workers/**', '**/src', '**/workers'],
              message: "The web app reaches the server only through `import type ... from '@contract'`.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features)(/|$)',
              message: 'Shared code (components/, lib/) may not import features/ or app/.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(f) }] },
  })),
  // the admin zones (above); the rule's options replace the feature's, so they carry its patterns too
  ...[...adminScreens, 'shared'].map((zone) => ({
    files: [`web/src/features/admin/${zone}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...featurePatterns('admin'),
            {
              regex: `^(\\.\\./)+(features/admin/)?(${adminScreens.filter((o) => o !== zone).join('|')})(/|$)`,
              message:
                zone === 'shared'
                  ? 'admin/shared/ imports no admin screen.'
                  : 'An admin screen imports no other screen: move what both use to admin/shared/, or compose them in admin-routes.tsx.',
            },
          ],
        },
      ],
    },
  })),
);

/** A web feature reaches app/ never, and another feature only through its index.ts. */
function featurePatterns(f) {
  return [
    { regex: '^(\\.\\./)+app(/|$)', message: 'A feature may not import app/.' },
    {
      regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((o) => o !== f).join('|')})/(?!index(\\.ts)?$)`,
      message: 'Import another feature through its index.ts.',
    },
  ];
}
