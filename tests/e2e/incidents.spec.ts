// The incident log and tasks against the real server and the demo company, on a phone: Ella
// reports an accident with no network and a photo — it waits in the outbox and lands exactly
// once when the network returns — and Olivia (the owner) sees its RIDDOR status; Ella completes
// one of her H&S tasks on her phone.
import type { Page } from '@playwright/test';
import { QUEUED_TOAST_MESSAGE } from '../../src/client/offline/outbox-copy';
import { pngImage } from '../support/upload-fixtures';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';

const SCREENSHOTS = 'test-results/incidents';

/** The owner's view of the log: the records at `location`. */
async function incidentsAt(page: Page, location: string): Promise<{ id: string; riddor: { status: string } }[]> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.owner);
  const response = await page.request.get(`/api/incident-log?search=${encodeURIComponent(location)}&limit=50`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as { results: { id: string; location: string; riddor: { status: string } }[] };
  return results.filter((incident) => incident.location === location);
}

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an incident reported offline on a phone with a photo lands once, and the owner sees its RIDDOR status', async ({ browser }) => {
    test.setTimeout(120_000);
    const location = `Loading bay ${Date.now()}`;
    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    // Open the form once online, so its code is cached.
    await ella.goto('/incident-logs/new');
    await expect(ella.getByRole('heading', { level: 1, name: 'Report an incident' })).toBeVisible();
    await ella.waitForTimeout(1_500);

    await ella.context().setOffline(true);
    await ella.reload();
    await expect(ella.getByRole('heading', { level: 1, name: 'Report an incident' })).toBeVisible();
    await ella.getByRole('textbox', { name: 'Where' }).fill(location);
    await ella.getByRole('textbox', { name: 'What happened' }).fill('A pallet slipped off the forklift forks and landed on my foot.');
    await ella.getByRole('textbox', { name: 'Injury' }).fill('Broken bone in the foot');
    await ella.getByRole('textbox', { name: 'Part of the body' }).fill('Left foot');
    await ella.getByRole('combobox', { name: 'Specified injury (RIDDOR)' }).click();
    await ella.getByRole('option', { name: 'A fracture, other than to fingers, thumbs and toes' }).click();
    await ella.locator('#incident-photo').setInputFiles({ name: 'pallet.png', mimeType: 'image/png', buffer: pngImage(16, 16) });
    await ella.screenshot({ path: `${SCREENSHOTS}/report-offline-phone.png`, fullPage: true });
    await ella.getByRole('button', { name: 'Send report' }).click();
    await expect(ella.getByText(QUEUED_TOAST_MESSAGE)).toBeVisible();
    await expect(ella).toHaveURL(/\/incident-logs$/);
    expect(await incidentsAt(ella, location)).toEqual([]);

    await ella.context().setOffline(false);
    await expect.poll(async () => (await incidentsAt(ella, location)).length, { timeout: 30_000 }).toBe(1);
    // Nothing more arrives later: the outbox sent it once.
    await ella.waitForTimeout(2_000);
    const [landed] = await incidentsAt(ella, location);
    expect(await incidentsAt(ella, location)).toHaveLength(1);
    expect(landed?.riddor.status).toBe('reportable');

    const olivia = await openAs(browser, ACCOUNTS.owner, PHONE, '/incident-logs');
    const row = olivia.getByTestId('incident-row').filter({ hasText: location });
    await expect(row.getByText('RIDDOR: To report')).toBeVisible();
    await row.getByRole('link').click();
    const panel = olivia.getByTestId('riddor-panel');
    await expect(panel.getByText('Specified injury')).toBeVisible();
    await expect(
      panel.getByText(/^Report to the HSE without delay; the written report is due by \d\d\/\d\d\/\d{4} \(within 10 days\)\.$/),
    ).toBeVisible();
    await expect(olivia.getByRole('button', { name: 'pallet.png' })).toBeVisible();
    await olivia.screenshot({ path: `${SCREENSHOTS}/riddor-owner-phone.png`, fullPage: true });

    await olivia.getByRole('textbox', { name: 'Reference number' }).fill('RIDDOR-2026-0042');
    await olivia.getByRole('button', { name: 'Mark as reported' }).click();
    await expect(panel.getByText(/reference RIDDOR-2026-0042/)).toBeVisible();

    // The owner corrects the account; the RIDDOR answers stay as they were.
    await olivia.getByRole('button', { name: 'Edit the account' }).click();
    const account = olivia.getByRole('dialog', { name: 'Edit the account' });
    await account.getByRole('textbox', { name: 'Witnesses' }).fill('Marcus Manager, from the loading bay');
    await account.getByRole('textbox', { name: 'What happened' }).fill('');
    await account.getByRole('button', { name: 'Save' }).click();
    await expect(account.getByText('Field is required.')).toBeVisible();
    await account.getByRole('textbox', { name: 'What happened' }).fill('A pallet slipped from the forklift in the loading bay.');
    await account.getByRole('button', { name: 'Save' }).click();
    await expect(account).toBeHidden();
    await expect(olivia.getByText('Marcus Manager, from the loading bay')).toBeVisible();
    await expect(olivia.getByText('A pallet slipped from the forklift in the loading bay.')).toBeVisible();
    await expect(panel.getByText(/reference RIDDOR-2026-0042/)).toBeVisible();
    await ella.context().close();
    await olivia.context().close();
  });
});

test('an employee completes an H&S task on a phone', async ({ browser }) => {
  test.setTimeout(60_000);
  const ella = await openAs(browser, ACCOUNTS.employee, PHONE, '/hs-tasks');
  await expect(ella.getByRole('heading', { level: 1, name: 'H&S Tasks' })).toBeVisible();
  const row = ella.getByTestId('task-row').filter({ hasText: 'Workstation (DSE) assessment' });
  await row.getByRole('link', { name: 'Workstation (DSE) assessment' }).click();
  await expect(ella.getByRole('heading', { level: 1, name: 'Workstation (DSE) assessment' })).toBeVisible();
  await ella.getByRole('textbox', { name: 'Note (optional)' }).fill('Chair raised, screen moved to arm’s length.');
  await ella.getByRole('button', { name: 'Mark as done' }).click();
  // What the task says (a toast may wait behind the other specs' notifications).
  await expect(ella.getByText(/Done on .* by Ella/)).toBeVisible();
  await ella.screenshot({ path: `${SCREENSHOTS}/task-done-phone.png`, fullPage: true });
  await ella.context().close();
});
