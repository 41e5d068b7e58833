import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';

/*
 * The web layers (architecture.md, "Parts and their homes"): shared code (src/web/components,
 * lib, config and src/contract) → features → app. A feature never imports another feature;
 * what two features need lives in the shared folders, or the app composes them in a route.
 */
const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what they share to src/web/components or src/web/lib, or compose them in src/web/app.',
  })),
  {
    target: ['./src/web/components', './src/web/lib', './src/web/config'],
    from: ['./src/web/features', './src/web/app'],
    message: 'Shared web code imports neither features nor the app.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'Features do not import the app; the app composes features.',
  },
];

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
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Dependencies are read with the TypeScript parser, or the cycle check cannot follow them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      // Kebab-case file and folder names; `.test`, `.spec` and `.config` are middle extensions.
      'check-file/filename-naming-convention': [
        'error',
        { '{src,e2e,bench,scripts}/**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,e2e,bench,scripts}/**/': '@(__tests__|+([a-z])*([a-z0-9])*(-+([a-z0-9])))' },
      ],
    },
  },
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
      // MUI 9's Typography reads `color` as one of its own values (textSecondary, primary, …) and
      // ignores a theme path such as "text.secondary" or "warning.dark": the text then shows in
      // the main colour. A path goes in sx.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/[.]/]",
          message:
            'Typography ignores a theme path in color: use color="textSecondary" (textPrimary, primary, …) or sx={{ color: "warning.dark" }}.',
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
