import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.tools/**',
      '.data/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'frontend/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    files: ['backend/**/*.ts', 'scripts/**/*.ts', 'packages/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: {
      // Three or more `../` is a path across the app: write it from src/ as `@/…` instead
      // (`node scripts/codemods/at-alias.ts` rewrites them).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message: "Import from src/ as '@/…' instead of climbing three or more folders.",
            },
          ],
        },
      ],
    },
  },
  {
    // The route table and its preloader live with AppRoutes; a change there reloads the page anyway.
    files: ['frontend/src/app/router.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // A committed `.only` silently skips every other test of the run (Jest, Vitest, Playwright
    // and node:test share the `describe/it/test.only` shape; Jest also has fit/fdescribe).
    // Playwright's forbidOnly and Vitest's allowOnly: false refuse it at run time as well.
    // ESLint's own rule rather than eslint-plugin-jest: that plugin's peer dependency on jest,
    // installed at the root, leaves a lock file `npm ci` refuses (optional platform bindings).
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      '**/*.test.{ts,tsx}',
      '**/*.e2e.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='only'][object.name=/^(describe|it|test|suite)$/]",
          message: 'A focused test (.only) skips the rest of the suite: remove .only.',
        },
        {
          selector: "MemberExpression[property.name='only'][object.property.name='describe']",
          message: 'A focused test (.only) skips the rest of the suite: remove .only.',
        },
        {
          selector: 'CallExpression[callee.name=/^(fit|fdescribe)$/]',
          message: 'A focused test (fit/fdescribe) skips the rest of the suite.',
        },
      ],
    },
  },
  {
    // One persistence convention (docs/architecture.md, "Persistence"): a feature declares each
    // collection by a Mongoose schema and reaches it through its model or the database kit
    // (backend/src/database: claim-once, keyed pages, read models), never through the raw driver
    // by name. The migrations in database/ are on the driver by design (they run before any model).
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/database/**', '**/*.spec.ts', '**/*.int-spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='collection']",
          message:
            'A collection by name is the raw driver: declare it by a Mongoose schema and use its model (or the database kit).',
        },
        {
          selector:
            "MemberExpression[property.name='db'][object.type='MemberExpression'][object.property.name='db']",
          message:
            "A model's connection's driver database is raw access: use the model or the database kit.",
        },
        {
          selector: "MemberExpression[property.name='db'][object.name='connection']",
          message:
            'connection.db is raw access: use a model, or hand the connection to the database kit.',
        },
        {
          selector: "MemberExpression[property.name='db'][object.property.name='connection']",
          message:
            'connection.db is raw access: use a model, or hand the connection to the database kit.',
        },
      ],
    },
  },
  prettier,
);
