import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layering of docs/ARCHITECTURE.md: procedures are thin adapters (no SQL, no transactions;
 * they call one domain function), and the domain never knows about tRPC or HTTP.
 */
const QUERY_METHODS =
  'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|transaction|execute|executeTakeFirst|executeTakeFirstOrThrow';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/results/**', '**/*.cjs', 'client/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // unhandled promises lose errors and money: every promise is awaited or voided on purpose
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // async without await is a normal way to satisfy a Promise-returning interface
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/src/routers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Procedures do not query: put the query in server/src/domain/<area>/ (docs/ARCHITECTURE.md).' }],
          patterns: [
            {
              group: ['**/db/transaction.ts', '**/db/database.ts', '**/domain/ledger/with-idempotency.ts'],
              message: 'Transactions belong to the domain command (runMoneyCommand or runInTransaction inside server/src/domain).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=/^(${QUERY_METHODS})$/]`,
          message: 'Procedures do not query: put the query in server/src/domain/<area>/ (docs/ARCHITECTURE.md).',
        },
      ],
    },
  },
  {
    files: ['server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@trpc/*', 'express', '**/trpc/**', '**/routers/**', '**/http/**'],
              message: 'The domain is transport-free: throw DomainError and let trpc/init.ts map it (docs/ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // the server writes through its pino logger (observability/logger.ts), so every line is JSON
    // with a request id; only entry points talk to the person at the terminal
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/main.ts',
      'server/src/config.ts',
      'server/src/db/migrate-cli.ts',
      'server/src/db/generate-schema-types.ts',
      'server/src/db/seed-demo.ts',
    ],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
