import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      '.scratch',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      // The browser bundle never reaches the BFF, the sandbox or the upstream key (architecture.md).
      'no-restricted-imports': [
        'error',
        {
          // Named imports from the icon barrel pull thousands of modules into dev builds.
          paths: [
            { name: '@mui/icons-material', message: 'Use path imports: @mui/icons-material/Name.' },
          ],
          patterns: [
            {
              group: ['**/server/**', '**/server', '**/sandbox/**', '**/sandbox'],
              message: 'Browser code may import only src/contract and src/web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/sandbox/**', '**/web/**'],
              message: 'The contract imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/contract/**'],
              message:
                'The sandbox is written from the interface document and imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The BFF does not import browser code.' }] },
      ],
    },
  },
);
