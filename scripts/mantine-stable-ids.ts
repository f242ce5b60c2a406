// Mantine's useId without its layout effect. Mantine's own starts each component with an id made
// from React's useId and then, in a layout effect, replaces it with a random one: every Popover,
// Menu, input, checkbox and tab on a page set state while the page's first commit was still
// running, so React drew all of them again synchronously in the same task. React's id is already
// unique within the app's one root, so it is kept (docs/decisions/2026-11-28-mantine-s-ids-come-from-react-s-useid.md).
import type { Plugin } from 'vite';

/** The file of @mantine/hooks that the build replaces. */
export const MANTINE_USE_ID_FILE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the build serves in its place. */
export const STABLE_USE_ID = [
  "import { useId as useReactId } from 'react';",
  'export function useId(staticId) {',
  '  const reactId = useReactId();',
  "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;",
  '}',
].join('\n');

export function mantineStableIds(): Plugin {
  return {
    name: 'stafflane:mantine-stable-ids',
    enforce: 'pre',
    load: (id) => (MANTINE_USE_ID_FILE.test(id) ? STABLE_USE_ID : null),
  };
}
