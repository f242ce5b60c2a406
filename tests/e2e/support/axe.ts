// axe (WCAG 2.0, 2.1 and 2.2 A and AA rules) on the page as it is now, for the specs that check
// their screens' accessibility; a violation is listed with the elements it found.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The violations on the page, one line each: the rule, its impact and the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
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
