// The time clock's location on a 390 px phone, as Isla Campbell meets it (Edinburgh office, no
// rota, whom no other spec signs in as): the company records where people clock at the
// Edinburgh office, so her card says so and offers "Clock in" though she has no shift; with the
// phone's position allowed she clocks in at the office — the position and its distance shown,
// not flagged — and clocks out from Leith, about 3 km away: recorded, flagged outside the
// location, and she is told her manager sees it.
import { expect, PHONE, signIn, test } from './support/fixtures';

const ISLA = 'isla.campbell@demo.test';
const OFFICE = { latitude: 55.9497, longitude: -3.1905, accuracy: 15 };
const LEITH = { latitude: 55.9756, longitude: -3.172, accuracy: 20 };

test('a clock-in at the office and a clock-out from outside it are recorded, the second flagged', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    geolocation: OFFICE,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, ISLA, 'demo-password');
  const card = page.getByTestId('clock-card');
  await expect(card.getByTestId('clock-location-notice')).toContainText('Your company records where you clock at Edinburgh');
  await card.getByRole('button', { name: 'Clock in' }).click();
  await expect(card.getByRole('status')).toContainText('Clocked in at');
  const recorded = card.getByRole('list', { name: 'Locations recorded' });
  await expect(recorded.getByRole('listitem')).toHaveCount(1);
  await expect(recorded).toContainText(/Clocked in \d\d:\d\d: 55\.9497\d, -3\.1905\d \(±15 m\), \d+ m from Edinburgh$/);

  await context.setGeolocation(LEITH);
  await card.getByRole('button', { name: 'Clock out' }).click();
  await expect(card.getByRole('status')).toContainText('Clocked out at');
  await expect(recorded.getByRole('listitem')).toHaveCount(2);
  await expect(recorded.getByRole('listitem').nth(1)).toContainText(
    /Clocked out \d\d:\d\d: 55\.97560, -3\.17200 \(±20 m\), 3\.\d km from Edinburgh — clocked outside the location \(200 m radius\): your manager sees this flag\./,
  );
  await page.screenshot({ path: testInfo.outputPath('clock-location-390.png'), fullPage: true });
  await context.close();
});
