// The time clock's kiosk on a 390 px screen, as a person at the Edinburgh office meets it: the
// demo tablet ("Edinburgh front desk", opened with its link) lists the office's people by name.
// Oscar taps his name and mistypes his PIN: the kiosk says only that the PIN is not right. With
// the right one he sees his name and "Not clocked in", clocks in, and the screen says so and
// returns to the names, where he is "In". The signal then drops: he taps his name and PIN again,
// the tablet says the PIN will be checked when it is back online, and he clocks out; the tap is
// saved on the tablet. With the signal back it is sent, once: both events stand at the times the
// tablet showed, and Oscar is no longer "In".
import { sql } from 'kysely';
import { withSystem } from '../../src/server/db/database';
import { kioskMessages } from '../../src/modules/time-clock/kiosk.contract';
import { expect, PHONE, test } from './support/fixtures';
import { withServerDatabase } from './support/server-database';

const OSCAR = 'oscar.fraser@demo.test';
const SCREENSHOTS = 'test-results/kiosk';

test.use({ viewport: PHONE });

async function oscarEvents(): Promise<{ kind: string; at: Date; device_time: Date | null }[]> {
  return withServerDatabase((db) =>
    withSystem(db, async (trx) => {
      const { rows } = await sql<{ kind: string; at: Date; device_time: Date | null }>`
        select e.kind, e.at, e.device_time from time_clock_events e join users u on u.id = e.user_id
        where u.email = ${OSCAR} order by e.at`.execute(trx);
      return rows;
    }),
  );
}

test('Oscar clocks in on the office kiosk with his PIN, and out with no signal; both land once', async ({
  page,
  context,
  expectedConsole,
}) => {
  // A retry starts from a clean clock for him (he is no other spec's person).
  await withServerDatabase((db) =>
    withSystem(db, async (trx) => {
      await sql`delete from time_clock_entries where user_id = (select id from users where email = ${OSCAR})`.execute(trx);
      await sql`delete from time_clock_kiosk_attempts where user_id = (select id from users where email = ${OSCAR})`.execute(trx);
    }),
  );
  // The wrong PIN's answer, and the fetches that fail with no signal.
  expectedConsole.push(/status of 422/, /Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);

  // Before its link is opened, the tablet is no kiosk and says how to make it one, under the page's heading.
  // (In a page of its own: the link below differs from this address only by its fragment, which opens no new page.)
  const unpaired = await context.newPage();
  await unpaired.goto('/kiosk');
  await expect(unpaired.getByRole('heading', { level: 1, name: 'Time clock' })).toBeVisible();
  await expect(unpaired.getByText('This tablet is not a kiosk')).toBeVisible();
  await unpaired.close();

  await page.goto('/kiosk#demo-edinburgh-kiosk');
  await expect(page.getByRole('heading', { level: 1, name: 'Edinburgh' })).toBeVisible();
  await expect(page).toHaveURL(/\/kiosk$/);
  const oscar = page.getByRole('button', { name: /^Oscar Fraser/ });
  await page.screenshot({ path: `${SCREENSHOTS}/names.png` });
  await oscar.click();

  const pad = async (pin: string) => {
    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'OK' }).click();
  };
  await pad('1111');
  await expect(page.getByRole('alert')).toHaveText(kioskMessages.wrongPin);
  await page.screenshot({ path: `${SCREENSHOTS}/wrong-pin.png` });
  await pad('1357');
  await expect(page.getByRole('heading', { name: 'Oscar Fraser' })).toBeVisible();
  await expect(page.getByText('Not clocked in')).toBeVisible();
  const box = await page.getByRole('button', { name: 'Clock in' }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SCREENSHOTS}/actions.png` });
  await page.getByRole('button', { name: 'Clock in' }).click();
  await expect(page.getByRole('status')).toContainText('Clocked in at');
  await expect(page.getByRole('status')).toContainText('Oscar');
  // Back to the names after a few seconds, Oscar now "In".
  await expect(oscar).toContainText('In', { timeout: 10_000 });

  await context.setOffline(true);
  await oscar.click();
  await pad('1357');
  await expect(page.getByText('Offline: your PIN will be checked when the tablet is back online.')).toBeVisible();
  await page.getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByRole('status')).toContainText('Saved on this tablet. Your PIN will be checked when it is back online.');
  await expect(page.getByText('1 tap is saved on this tablet')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/offline.png` });

  await context.setOffline(false);
  await expect(page.getByText('1 tap is saved on this tablet')).toBeHidden({ timeout: 15_000 });
  await expect(oscar).not.toContainText('In');
  const events = await oscarEvents();
  expect(events.map((event) => event.kind)).toEqual(['clock_in', 'clock_out']);
  for (const event of events) expect(event.at.toISOString()).toBe(event.device_time?.toISOString());
});
