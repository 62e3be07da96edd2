import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** No deep imports into another package: only its public surface (src/index.ts). */
const PUBLIC_SURFACES = [
  { group: ['@fineprint/*/src/*', '**/packages/*/src/*'], message: 'Import a package through its public surface (src/index.ts).' },
];
/** Services and repositories hold rules and SQL; HTTP stays in routes. */
const NO_HTTP = {
  group: ['fastify', '@fastify/*', '**/http-context', '**/plugins/*'],
  message: 'Services and repositories know nothing of HTTP.',
};
const WEB_FEATURES = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.e2e-artifacts/**',
      'packages/analysis/src/classify/model-weights.generated.ts',
      'packages/analysis/src/facts/question-finder.generated.ts',
      'apps/server/src/modules/payments/sandbox/**',
      'packages/analysis/bin/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: PUBLIC_SURFACES }],
    },
  },
  {
    // Import zones. Each zone lists every restriction it is under: a later flat-config block
    // replaces an earlier block's no-restricted-imports, it does not add to it.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PUBLIC_SURFACES,
            {
              group: ['@fineprint/analysis', '@fineprint/server', 'fastify', 'kysely', '**/apps/server/**'],
              message: 'The web app imports only @fineprint/contracts.',
            },
          ],
        },
      ],
    },
  },
  // Web features never import each other.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PUBLIC_SURFACES,
            {
              group: ['@fineprint/analysis', '@fineprint/server', 'fastify', 'kysely', '**/apps/server/**'],
              message: 'The web app imports only @fineprint/contracts.',
            },
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `../${other}/**`,
                `../${other}`,
                `**/features/${other}/**`,
              ]),
              message: 'Web features never import each other; share through components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Services hold the rules and repositories the SQL: neither knows Fastify; only repositories and db/ touch Kysely.
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...PUBLIC_SURFACES, NO_HTTP],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...PUBLIC_SURFACES, NO_HTTP, { group: ['kysely', '**/db/*'], message: 'Only repositories and db/ touch Kysely.' }],
        },
      ],
    },
  },
  {
    files: ['packages/analysis/**/*.ts', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...PUBLIC_SURFACES,
            {
              group: ['@fineprint/server', '@fineprint/web', 'fastify', 'kysely', 'react', '**/apps/**'],
              message: 'Packages know nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
);
