// Lint rules are errors or off, never warnings (the project's habit).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';

const features = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const domains = readdirSync(new URL('./src/server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Import direction: contract ← server, web, admin. The browser apps never import server code, features
// never reach into each other's internals, and neither do the server's domains (src/lint-walls.test.ts
// proves the rules bite; src/server/domain-order.test.ts keeps the domains' order free of cycles).
const appZones = [
  { target: './src/contract', from: ['./src/server', './src/web', './src/admin'] },
  { target: './src/web', from: ['./src/server', './src/admin'] },
  { target: './src/admin', from: ['./src/server', './src/web'] },
  { target: './src/server', from: ['./src/web', './src/admin'] },
  ...features.map((name) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    // Another feature is reached through its public face, its index.ts, never its internals.
    except: [`./${name}`, ...features.map((other) => `./${other}/index.ts`)],
    message:
      'Another feature is reached through its index.ts (its public face); shared things go to components/ or api/.',
  })),
];
// Inside the web app the layers run lib ← api ← components ← features ← app (docs/ARCHITECTURE.md «The web
// app»): nothing imports a layer above it.
const webLayerZones = [
  {
    target: './src/web/api',
    from: ['./src/web/components', './src/web/features', './src/web/app'],
    message:
      'The HTTP layer reports failures as data (api/error-reports.ts); the app decides what to show.',
  },
  {
    target: './src/web/components',
    from: ['./src/web/features', './src/web/app'],
    message:
      'Shared UI knows no screen: a modal is opened by its name, the route table is in lib/routes.ts.',
  },
  {
    target: './src/web/lib',
    from: ['./src/web/api', './src/web/components', './src/web/features', './src/web/app'],
    message: 'lib/ holds the helpers every layer may use, so it uses none of them.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message:
      'The app assembles the features; a feature takes what it needs from lib/, api/ or components/.',
  },
];
const domainZones = domains.map((name) => ({
  target: `./src/server/modules/${name}`,
  from: './src/server/modules',
  except: [`./${name}`, ...domains.map((other) => `./${other}/index.ts`)],
  message:
    'Another domain is reached through its index.ts (its public face); machinery shared by domains goes to src/server/shared/ (docs/ARCHITECTURE.md, «Request machinery»).',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { 'import-x': importX },
    // Imports are written without extensions and the contract through its `@contract/*` alias: without a
    // resolver that reads them as TypeScript does, the import rules skip every one of them.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: new URL('./tsconfig.json', import.meta.url).pathname },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...appZones, ...webLayerZones, ...domainZones] },
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
    // No file of the web app reaches itself through its imports: a circle has no bottom to read from
    // and breaks lazy chunks' order. This rule passes over `import type`; src/web/import-graph.test.ts
    // holds the same line with type imports counted.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
    // A domain's tests may set the stage through another domain's internals (a session, a paid period).
    files: ['src/server/modules/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: appZones }] },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
