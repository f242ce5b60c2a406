// Lint rules, and the layers of docs/architecture.md, checked with no exceptions: src/shared
// imports nothing of ours above it; the platform (src/server, src/client) imports shared and
// itself, never a module or the composition; a module (src/modules/<name>) imports the platform,
// shared, and another module only through its top-level files (its *.contract.ts and values),
// never its server/, client/ or policy; the composition (src/app) and the route files sit on
// top. The client never imports server code and vice versa; the service worker imports only
// contracts and shared.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const docs = '(docs/architecture.md)';
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noServer = { group: ['**/server/**', '**/server'], message: `The client never imports server code ${docs}.` };
const noScreenAfterRender = {
  group: ['@mantine/hooks'],
  importNames: ['useMediaQuery'],
  message:
    "Use usePhone or useScreenQuery (src/client/ui/phone.ts): Mantine's reads the screen after the first render, so a phone draws the desktop layout first.",
};
const noNetworkAfterRender = {
  group: ['@mantine/hooks'],
  importNames: ['useNetwork'],
  message:
    "Use useOnline (src/client/offline/network.ts): Mantine's reads the network after the first render (a second drawing), and the app's queries pause by onlineManager, not by it.",
};
const noClient = { group: ['**/client/**', '**/client', '**/routes/**'], message: `The server never imports client code ${docs}.` };

/** Where a file sits among the layers, from its path; null outside them (tests, scripts, configs). */
function layerOf(file) {
  const [top, area, name, ...rest] = path.relative(import.meta.dirname, file).split(path.sep);
  if (top === 'sw') return { layer: 'worker' };
  if (top !== 'src' || !area) return null;
  if (area === 'shared') return { layer: 'shared' };
  if (area === 'server' || area === 'client') return { layer: 'platform' };
  if (area === 'app' || area === 'routes' || area.startsWith('routeTree.gen')) return { layer: 'composition' };
  if (area === 'modules' && rest.length > 0)
    return { layer: 'module', name, open: rest.length === 1 && !/\.policy(\.tsx?)?$/.test(rest[0]) };
  return null;
}

/** What a file of each layer may import of ours, or what it is told when it reaches further. */
const mayImport = {
  shared: (to) => to.layer === 'shared' || 'src/shared imports nothing of ours above it.',
  platform: (to) =>
    ['shared', 'platform'].includes(to.layer) ||
    'The platform (src/server, src/client) imports shared and itself, never a module or the composition: what it needs of a module is platform code, a contract in src/shared, or a field of the module registration.',
  module: (to, from) =>
    ['shared', 'platform'].includes(to.layer) ||
    (to.layer === 'module' && (to.name === from.name || to.open)) ||
    (to.layer === 'module'
      ? `Reach the ${to.name} module only through its top-level files (its *.contract.ts and values), never its server/, client/ or policy.`
      : 'A module never imports the composition (src/app) or the routes: it is given the module list at run time.'),
  worker: (to) =>
    ['worker', 'shared'].includes(to.layer) ||
    (to.layer === 'module' && to.open) ||
    'The service worker imports only itself, contracts and shared.',
  composition: () => true,
};

/** layers/imports: every relative import (and re-export, and import()) of a file in src or sw, checked against mayImport. */
const layers = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source;
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const to = layerOf(path.resolve(path.dirname(context.filename), source.value));
          const verdict = to ? mayImport[from.layer](to, from) : true;
          if (verdict !== true) context.report({ node: source, message: `${verdict} ${docs}` });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
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
    rules: { ...reactHooks.configs.recommended.rules, ...restrict([noServer, noScreenAfterRender, noNetworkAfterRender]) },
  },
  { files: ['src/app/server/**', 'src/server/**', 'src/modules/*/server/**'], rules: restrict([noClient]) },
  {
    files: ['sw/**'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: restrict([
      { group: ['**/server/**', '**/client/**'], message: `The service worker imports only contracts and shared ${docs}.` },
    ]),
  },
  { files: ['src/**', 'sw/**'], plugins: { layers }, rules: { 'layers/imports': 'error' } },
  // SQL only in queries files (`*.queries.ts`) and the database layer (src/server/db): a route, a
  // service, a job or a demo seed asks a queries file, so every statement of a table is found in one
  // place. Kysely's statement builders and the sql tag are what SQL looks like here.
  {
    files: ['src/app/server/**/*.ts', 'src/server/**/*.ts', 'src/modules/*/server/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/*.test.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|updateTable|insertInto|deleteFrom|mergeInto|replaceInto)$/]',
          message: `SQL only in queries files: move this statement to a *.queries.ts beside it ${docs}.`,
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: `SQL only in queries files: move this SQL to a *.queries.ts beside it ${docs}.`,
        },
      ],
    },
  },
);
