import { describe, expect, it } from 'vitest';
import { vendorStepsOf } from './chunk-groups';

type Chunk = Parameters<typeof vendorStepsOf>[0][number];

const chunk = (fileName: string, facade: string | null, imports: string[], moduleIds: string[] = []): Chunk => ({
  type: 'chunk',
  name: fileName.replace(/\.js$/, ''),
  fileName,
  isEntry: facade?.endsWith('main.tsx') ?? false,
  isDynamicEntry: facade !== null && !facade.endsWith('main.tsx'),
  facadeModuleId: facade,
  imports,
  moduleIds,
});

const mantine = (name: string, ...components: string[]) =>
  chunk(
    `vendor-mantine~${name}.js`,
    null,
    [],
    components.map((component) => `/app/node_modules/@mantine/core/esm/components/${component}/${component}.mjs`),
  );

// The measuring pass's chunks: the entry, the app's start, the sign-in page, the signed-in frame
// and one company page, each using Mantine fragments as the bundler cut them.
const chunks = [
  chunk('index.js', '/app/src/app/client/main.tsx', []),
  chunk('app-core.js', '/app/src/app/client/app-core.ts', ['vendor-mantine~start.js']),
  chunk('login.js', '/app/src/routes/login.tsx?tsr-split=component', ['vendor-mantine~login.js']),
  chunk('signed-in.js', '/app/src/routes/_signed-in.tsx?tsr-split=component', ['vendor-mantine~frame.js', 'vendor-mantine~login.js']),
  chunk('leave.js', '/app/src/routes/_signed-in/_company/leave.tsx?tsr-split=component', [
    'vendor-mantine~page.js',
    'vendor-mantine~frame.js',
  ]),
  mantine('start', 'Box', 'Button'),
  mantine('login', 'PasswordInput'),
  mantine('frame', 'AppShell'),
  mantine('page', 'Table'),
];

const stepOf = (component: string) =>
  vendorStepsOf(chunks).get(`/app/node_modules/@mantine/core/esm/components/${component}/${component}.mjs`);

describe('which Mantine chunk each Mantine module joins', () => {
  it('the start or the sign-in page uses it: start-vendor, loaded by every page', () => {
    expect(stepOf('Box')).toBe('start-vendor');
    expect(stepOf('Button')).toBe('start-vendor');
    // The frame uses it too, but the sign-in page must not load the frame's chunk for it.
    expect(stepOf('PasswordInput')).toBe('start-vendor');
  });

  it('the signed-in frame uses it (and no start or sign-in page): frame-vendor', () => {
    expect(stepOf('AppShell')).toBe('frame-vendor');
  });

  it('only some pages use it: left split by page', () => {
    expect(stepOf('Table')).toBeUndefined();
  });
});
