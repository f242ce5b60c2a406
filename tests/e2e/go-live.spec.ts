// Going live on a phone (issue 28): a company's owner finds "Sign up" on the sign-in page, signs
// the company up, confirms the address from the e-mail the sink received, sets a password and
// meets the first-run checklist, whose people step leads to the spreadsheet import: a 30-row
// file with two bad rows is refused row by row, the fixed file imports, and the people, their
// departments and the balance of the one who had taken 3 days are there.
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, PHONE, test } from './support/fixtures';
import { writePeopleCsv } from '../support/people-import-fixtures';
import { expectChecklist, setPasswordOnWelcome } from './support/first-run';
import { waitForMail } from './support/mail-sink';

const SIGN_UP_LINK = /\/confirm-email\?type=sign-up&token=([\w-]+)/;
const SCREENS = 'test-results/go-live';

test.use({ viewport: PHONE });

/** axe's WCAG 2.2 AA violations on the page as it rests (tests/e2e/a11y.spec.ts checks the signed-in screens). */
async function violations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return axeViolations(page);
}

test('a company signs up on a phone, confirms the e-mail, sets a password and imports its people from a spreadsheet', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const email = `maya.okafor+${run}@kestrel.test`;
  const company = `Kestrel Joinery ${run}`;

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/0-login.png`, fullPage: true });
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up your company');
  const shownAt = Date.now();
  expect(await violations(page)).toEqual([]);

  const form = page.getByRole('form', { name: 'Sign up your company' });
  // Sent empty, the form says what is missing in the SPEC's words and sends nothing.
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByText('Field is required.').first()).toBeVisible();
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Your first name').fill('Maya');
  await form.getByLabel('Your surname').fill('Okafor');
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Number of employees').fill('40');
  await form.getByRole('radio', { name: 'Scotland' }).check();
  // The honeypot is there for robots only: no person, keyboard or screen reader reaches it.
  await expect(form.getByRole('textbox', { name: 'Company reference' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/1-sign-up.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // A person takes a few seconds over six fields; the server drops a form sent faster (a script).
  await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - shownAt)));
  await form.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expect(page.getByRole('status')).toContainText(`We have sent a link to ${email}`);
  await page.screenshot({ path: `${SCREENS}/2-check-your-email.png`, fullPage: true });
  expect(await violations(page)).toEqual([]);

  const { match: token } = await waitForMail({ to: email, pattern: SIGN_UP_LINK });
  await page.goto(`/confirm-email?type=sign-up&token=${token}`);
  await setPasswordOnWelcome(page, 'Maya', 'kestrel-password-1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Maya/);
  const checklist = page.getByRole('region', { name: 'Set up your company' });
  // The location came with the sign-up (its bank holidays are Scotland's); the rest is to do.
  await expectChecklist(checklist, 1, { locationsDone: true });
  await page.screenshot({ path: `${SCREENS}/3-checklist.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The link worked once.
  const again = await page.request.post('/api/sign-up/confirm', { data: { token } });
  expect(again.status()).toBe(422);

  await test.step('imports 30 people: two bad rows are refused with their errors, the fixed file imports', async () => {
    const domain = `${run}.kestrel.test`;
    const badFile = writePeopleCsv(testInfo.outputPath('people-with-two-bad-rows.csv'), { rows: 30, bad: 2, domain });
    const fixedFile = writePeopleCsv(testInfo.outputPath('people.csv'), { rows: 30, bad: 0, domain });
    await checklist.getByRole('link', { name: 'Import your people' }).click();
    await expect(page).toHaveURL(/\/settings\/import-people$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import people');

    const upload = async (file: string) => {
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload' }).click();
      await expect(page.getByText('2. Match the columns')).toBeVisible();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByText('3. Check and import')).toBeVisible();
      // The file's departments, second location and job titles do not exist yet: create them all.
      await page.getByRole('checkbox', { name: 'Create all' }).check();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('checkbox', { name: 'Create all' })).toBeChecked();
    };
    await upload(badFile);
    const counts = page.getByLabel('Counts');
    await expect(counts).toContainText('28 new');
    await expect(counts).toContainText('2 with errors');
    await expect(page.getByRole('alert').filter({ hasText: '2 rows have problems' })).toBeVisible();
    // The bad rows come first, each with its problem in the forms' words.
    const rows = page.getByLabel('Rows of the file');
    await expect(rows.getByRole('article').filter({ hasText: 'Invalid characters in email' })).toHaveCount(1);
    await expect(rows.getByRole('article').filter({ hasText: 'Field is required.' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Import \d+ people$/ })).toBeDisabled();
    await page.screenshot({ path: `${SCREENS}/4-import-errors.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Choose another file' }).first().click();
    await upload(fixedFile);
    await expect(counts).toContainText('30 new');
    await expect(counts).toContainText('0 with errors');
    await page.getByRole('button', { name: 'Import 30 people' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toContainText('30 people added', { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENS}/5-imported.png`, fullPage: true });
  });

  await test.step('the people, the departments and the balance of the one who had taken 3 days are there', async () => {
    const priya = page.getByRole('list', { name: 'People imported' }).getByRole('link', { name: 'Priya Shah', exact: true });
    const priyaId = /\/employee\/([\w-]+)$/.exec((await priya.getAttribute('href')) ?? '')?.[1];
    expect(priyaId).toBeTruthy();

    await page.goto('/settings/departments');
    for (const department of ['Operations', 'Kitchen', 'Front of house']) {
      await expect(page.getByText(department, { exact: true }).first()).toBeVisible();
    }

    await page.goto('/employees');
    await expect(page.getByText('Priya Shah').first()).toBeVisible();
    await expect(page.getByText('Tom Baker').first()).toBeVisible();

    await page.goto(`/leave-and-absences/balances?user_id=${priyaId}`);
    const annual = page.getByRole('region', { name: 'Annual leave' });
    await expect(annual).toBeVisible();
    await expect(annual.getByRole('definition').nth(await takenIndex(annual))).toHaveText('3 days');
    await page.screenshot({ path: `${SCREENS}/6-balance.png`, fullPage: true });

    // Back on the dashboard the checklist has the people and the departments done.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Set up your company' })).toContainText('3 of 4 done');
  });
});

/** Where "Taken" sits among a balance card's figures (a term and its definition each). */
async function takenIndex(card: ReturnType<Page['getByRole']>): Promise<number> {
  const terms = await card.getByRole('term').allTextContents();
  const index = terms.indexOf('Taken');
  expect(index, `figures: ${terms.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}
