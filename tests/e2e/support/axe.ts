// axe (WCAG 2.0, 2.1 and 2.2 A and AA rules) on the page as it is now, for the specs that check
// their screens' accessibility; a violation is listed with the elements it found.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = typeof window & {
  axe?: {
    run: (
      context: Document | { include: string[] },
      options: object,
    ) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
  };
};

/**
 * The violations on the page, one line each: the rule, its impact and the elements; within
 * `include` (a CSS selector, such as the page's main region) when given. axe runs in the page
 * itself, put in once per document (a page that moves between screens without reloading keeps
 * it), rather than through @axe-core/playwright, which injects it again and finishes each run
 * in a new blank page.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, within }) => {
      const axe = (window as AxeWindow).axe;
      if (!axe) throw new Error('axe-core did not load');
      const results = await axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map(
        (violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { tags: WCAG_TAGS, within: include },
  );
}

/**
 * No violation on the screen itself: toasts are closed first (the toast kit is checked on its
 * own), and colours are measured at rest, once transitions have ended.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click();
  await expect(toasts).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page)).toEqual([]);
}
