// Lint rules, and the import boundaries of docs/architecture.md: client and server never import
// each other; a module reaches another module only through its contract; shared imports no
// module; the service worker imports only contracts and shared.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// From src/modules/<a>/(server|client)/x.ts another module is ../../<b>/…; ../../../ is the platform.
const otherModulesInternals = {
  regex: String.raw`^(\.\./\.\./[^./][^/]*/(server|client)/|\.\./\.\./[^./][^/]*/[^/]+\.policy$|.*/modules/[^/]+/(server|client)/)`,
  message: 'Reach another module only through its *.contract.ts (docs/architecture.md).',
};

export default tseslint.config(
  { ignores: ['dist', 'data', '.tmp', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Classic scripts served as they are (public/boot.js runs before the app, in the browser).
  { files: ['public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  {
    files: ['src/app/client/**', 'src/client/**', 'src/routes/**', 'src/modules/*/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ group: ['**/server/**', '**/server'], message: 'The client never imports server code (docs/architecture.md).' }]),
    },
  },
  {
    files: ['src/app/server/**', 'src/server/**', 'src/modules/*/server/**'],
    rules: restrict([
      { group: ['**/client/**', '**/client', '**/routes/**'], message: 'The server never imports client code (docs/architecture.md).' },
    ]),
  },
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        group: ['**/modules/**', '**/server/**', '**/client/**', '**/routes/**'],
        message: 'shared imports no module and no side (docs/architecture.md).',
      },
    ]),
  },
  {
    files: ['sw/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: restrict([
      {
        group: ['**/server/**', '**/client/**', '**/routes/**', '**/modules/*/*.policy', '**/modules/*/*.policy.ts'],
        message: 'The service worker imports only contracts and shared (docs/architecture.md).',
      },
    ]),
  },
  {
    files: ['src/modules/*/server/**'],
    rules: restrict([
      { group: ['**/client/**', '**/routes/**'], message: 'The server never imports client code (docs/architecture.md).' },
      otherModulesInternals,
    ]),
  },
  {
    files: ['src/modules/*/client/**'],
    rules: restrict([
      { group: ['**/server/**'], message: 'The client never imports server code (docs/architecture.md).' },
      otherModulesInternals,
    ]),
  },
);
