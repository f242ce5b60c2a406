// The screens whose heading index.html paints before the app's scripts arrive: public/boot.js
// reads the list the build writes into the page (`boot-screens`, from src/app/client/
// static-screens.ts) and, for a company user opening one of these addresses, shows the signed-in
// frame with the page's heading (and the line under it) where the app then draws them. A page
// listed here draws its heading from the same entry, so the two cannot say different things;
// tests/e2e/app-shell.spec.ts checks they sit in the same place.
import type { HttpMethod } from '../../shared/scopes';

export type StaticScreen = {
  /** The address, without a query or a trailing slash. */
  path: string;
  /** The page's h1. */
  heading: string;
  /** The dimmed line right under the heading, when the page has one. */
  lede?: string;
  /** The permission the page's guard asks for (any scope): without it the loading frame stays. */
  needs?: { endpoint: string; method: HttpMethod };
};

/** The id of the JSON script element in index.html's head that public/boot.js reads. */
export const BOOT_SCREENS_ID = 'boot-screens';

/** What the build writes into that element: each screen by its address, safe inside a script. */
export function bootScreensJson(screens: readonly StaticScreen[]): string {
  const byPath: Record<string, Omit<StaticScreen, 'path'>> = {};
  for (const { path, ...screen } of screens) {
    if (byPath[path]) throw new Error(`Two static screens for ${path}`);
    byPath[path] = screen;
  }
  return JSON.stringify(byPath).replace(/</g, '\\u003c');
}
