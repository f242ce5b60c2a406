// Primary controls fit the thumb on a phone: on each main screen at 390 px, every button, text
// input, select and button-like link of the top bar and the page is at least 44 × 44 px
// (WCAG 2.5.5). Checkboxes, radios and switches are left out (their label is the target), and
// so are links inside running text. The sizes come from the theme (src/client/shell/shell.css),
// not from each page. One sign-in; each screen is measured once it has stopped loading.
import type { Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { expect, PHONE, signIn, test } from './support/fixtures';

const SCREENS = [
  '/',
  '/leave-and-absences/list',
  '/leave-and-absences/request',
  '/calendar',
  '/notices',
  '/expenses/new',
  '/incident-logs/new',
  '/hr-documents/documents',
];

const MIN_PX = 44;

/** The visible primary controls under 44 px in either direction, described for the failure message. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'header :is(button, a, [role="button"])',
      'main :is(button, [role="button"], select, textarea, a.mantine-Button-root, a.mantine-ActionIcon-root)',
      'main input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"])',
    ].join(', ');
    // A field inside a Mantine input's frame (a multi-select's search) is aimed at through the frame.
    const target = (element: HTMLElement) =>
      element.tagName === 'INPUT' ? (element.closest<HTMLElement>('.mantine-Input-input') ?? element) : element;
    return [...new Set([...document.querySelectorAll<HTMLElement>(selector)].map(target))]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
        // Inside the page's footer line (the version) or a visually hidden helper: not a control a thumb aims at.
        if (element.closest('footer, [data-tap-exempt]')) return false;
        return box.width < min - 0.5 || box.height < min - 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, MIN_PX);
}

test('primary controls are at least 44 × 44 px on a 390 px phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, ACCOUNTS.manager, 'demo-password');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  const found: Record<string, string[]> = {};
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main [aria-busy="true"], main .mantine-Loader-root')).toHaveCount(0);
    const small = await smallControls(page);
    if (small.length > 0) found[path] = small;
  }
  expect(found).toEqual({});
  await context.close();
});
