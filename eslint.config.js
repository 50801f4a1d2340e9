// Lint rules are errors or off, never warnings (the project's habit).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

const features = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Import direction: contract ← server, web, admin. The browser apps never import server code and
      // features never reach into each other's internals.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/contract', from: ['./src/server', './src/web', './src/admin'] },
            { target: './src/web', from: ['./src/server', './src/admin'] },
            { target: './src/admin', from: ['./src/server', './src/web'] },
            { target: './src/server', from: ['./src/web', './src/admin'] },
            ...features.map((name) => ({
              target: `./src/web/features/${name}`,
              from: './src/web/features',
              except: [`./${name}`],
              message: 'Shared things go to components/ or api/, not into another feature.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its errors silently, and an async handler given where a
    // plain callback is expected (onSubmit, an event listener) does the same.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
