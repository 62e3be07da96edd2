import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.e2e-artifacts/**',
      'packages/analysis/src/classify/model-weights.generated.ts',
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fineprint/*/src/*', '**/packages/*/src/*'],
              message: 'Import a package through its public surface (src/index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Import zones: the web app may only use contracts; analysis knows nothing of the server or web.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fineprint/analysis', '@fineprint/server', 'fastify', 'kysely'],
              message: 'The web app imports only @fineprint/contracts.',
            },
          ],
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
            { group: ['@fineprint/server', '@fineprint/web', 'fastify', 'kysely', 'react'], message: 'Packages know nothing of the apps.' },
          ],
        },
      ],
    },
  },
);
