// Rotas and reports against the real server and the demo company: Marcus adds two shifts for
// Ella to next week and publishes it, and Ella's phone shows them without a reload; with no
// signal Ella reloads My Rota Shifts and still sees her week, claims the open Thursday shift,
// and the claim lands once when the signal returns; the owner opens the absence report, sees
// its chart and downloads the CSV. On a 390 px phone: Marcus's calendar shows the shifts of the
// people he manages, which the Shifts filter hides; a shift on a day its person is on leave is
// marked on their My Rota Shifts, and the owner's Rota Management warns of it and makes it open in
// one step; and a new shift's break is prefilled by the Working Time rule it comes from, said
// under the field, and saved as the manager changes it.
//
// Dates follow today (London): next week's Friday and Saturday are free for Ella (she works
// Monday to Wednesday in the demo), and next Thursday has the demo's open Operations shift.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { MyRota, RotaGrid, Shift } from '../../src/modules/rotas/rotas.contract';
import { addDays, londonDate, londonInstant, startOfWeek } from '../../src/shared/dates';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, signedInContext, test, waitForActivatedServiceWorker, DESKTOP } from './support/fixtures';

const nextMonday = addDays(startOfWeek(londonDate(new Date())), 7);
const weekday = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
const british = (iso: string) => iso.split('-').reverse().join('/');
const shortDay = (iso: string) => `${weekday(iso).slice(0, 3)} ${british(iso).slice(0, 5)}`;
const shiftDay = (shift: Pick<Shift, 'start_at'>) => londonDate(new Date(shift.start_at));

async function ellasRota(page: Page): Promise<MyRota> {
  const { auth_token } = await apiSignIn(page.request, ACCOUNTS.employee);
  const response = await page.request.get('/api/rota/mine', { headers: { authorization: `Bearer ${auth_token}` } });
  return (await response.json()) as MyRota;
}

/** Next week's rota as `email` sees it through the API. */
async function nextWeekGrid(page: Page, email: string): Promise<RotaGrid> {
  const { auth_token } = await apiSignIn(page.request, email);
  const response = await page.request.get(`/api/rota?from=${nextMonday}&to=${addDays(nextMonday, 6)}`, {
    headers: { authorization: `Bearer ${auth_token}` },
  });
  return (await response.json()) as RotaGrid;
}

async function addShift(marcus: Page, date: string, start: string, end: string): Promise<void> {
  await marcus.getByRole('button', { name: `Add a shift for Ella Evans on ${shortDay(date)}` }).click();
  const dialog = marcus.getByRole('dialog', { name: 'Add shift' });
  await dialog.getByLabel('Start').fill(start);
  await dialog.getByLabel('End').fill(end);
  await dialog.getByLabel('Unpaid break (minutes)').fill('0');
  await dialog.getByLabel('Role').fill('Stock count');
  await dialog.getByRole('button', { name: 'Save shift' }).click();
  await expect(dialog).toBeHidden();
}

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a published week reaches the phone in realtime, opens offline, and an offline claim lands once', async ({ browser }) => {
    test.setTimeout(120_000);
    const friday = addDays(nextMonday, 4);
    const saturday = addDays(nextMonday, 5);
    const thursday = addDays(nextMonday, 3);

    const ella = await openAs(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    await ella.goto('/rotas/shifts');
    await expect(ella.getByRole('heading', { level: 1, name: 'My Rota Shifts' })).toBeVisible();
    const nextWeek = ella.getByRole('region', { name: 'Next week' });
    await expect(nextWeek.getByLabel(/^Shift Monday/)).toBeVisible();
    await expect(nextWeek.getByLabel(`Shift ${weekday(friday)} ${british(friday)} 09:00–13:00`)).toHaveCount(0);

    const marcus = await openAs(browser, ACCOUNTS.manager, DESKTOP, '/rotas/admin');
    await marcus.getByRole('button', { name: 'Next week' }).click();
    await expect(marcus.getByText(`Week of ${weekday(nextMonday)} ${british(nextMonday)}`)).toBeVisible();
    await addShift(marcus, friday, '09:00', '13:00');
    await addShift(marcus, saturday, '09:00', '13:00');
    await marcus.getByRole('button', { name: /^Publish week \(2\)$/ }).click();
    await expect(marcus.getByText('2 shifts published; 1 person told.')).toBeVisible();
    // The same Friday as a day on a timeline: the shift's bar opens it.
    await marcus.getByText('Day', { exact: true }).click();
    await marcus.getByText('Fri', { exact: true }).click();
    await expect(marcus.getByText(`${weekday(friday)} ${british(friday)}`, { exact: true })).toBeVisible();
    await expect(marcus.getByLabel('People on shift each hour')).toBeVisible();
    await marcus.getByRole('button', { name: 'Ella Evans, 09:00–13:00, Stock count: open' }).click();
    await expect(marcus.getByRole('dialog')).toBeVisible();
    await marcus.keyboard.press('Escape');

    // No reload on the phone: the publish arrives over the realtime connection.
    await expect(nextWeek.getByLabel(`Shift ${weekday(friday)} ${british(friday)} 09:00–13:00`)).toBeVisible({ timeout: 15_000 });
    await expect(nextWeek.getByLabel(`Shift ${weekday(saturday)} ${british(saturday)} 09:00–13:00`)).toBeVisible();
    // The persisted cache writes at most once a second: let it.
    await ella.waitForTimeout(2_500);

    await ella.context().setOffline(true);
    await ella.reload();
    await expect(ella.getByRole('heading', { level: 1, name: 'My Rota Shifts' })).toBeVisible();
    await expect(ella.getByTestId('rota-last-updated')).toContainText('Offline: last updated');
    await expect(
      ella.getByRole('region', { name: 'Next week' }).getByLabel(`Shift ${weekday(friday)} ${british(friday)} 09:00–13:00`),
    ).toBeVisible();
    const open = ella
      .getByRole('region', { name: 'Open shifts' })
      .getByLabel(`Shift ${weekday(thursday)} ${british(thursday)} 10:00–14:00`);
    await open.getByRole('button', { name: 'Claim shift' }).click();
    await expect(open.getByText('Waiting to sync')).toBeVisible();
    expect((await ellasRota(marcus)).shifts.some((s) => s.role === 'Delivery cover')).toBe(false);

    await ella.context().setOffline(false);
    await expect
      .poll(async () => (await ellasRota(marcus)).shifts.filter((s) => s.role === 'Delivery cover').length, { timeout: 30_000 })
      .toBe(1);
    await ella.waitForTimeout(2_000);
    expect((await ellasRota(marcus)).shifts.filter((s) => s.role === 'Delivery cover')).toHaveLength(1);
    await ella.context().close();
    await marcus.context().close();
  });
});

test('the owner sees the absence report as a chart and downloads it as CSV', async ({ browser }) => {
  const owner = await openAs(browser, ACCOUNTS.owner);
  await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(owner.getByTestId('report-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(owner.getByRole('table', { name: 'Absence' }).getByRole('cell', { name: 'Sickness' })).toBeVisible();
  const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^absence-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.replace('\uFEFF', '').split('\r\n')[0]).toBe('Leave type,Days,Spells,People');
  expect(csv).toContain('Sickness,');
  await owner.context().close();
});

test("on a phone, a manager's calendar shows the shifts of the people he manages, and the Shifts filter hides them", async ({
  browser,
}) => {
  const marcus = await openAs(browser, ACCOUNTS.manager, PHONE, '/calendar');
  await expect(marcus.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  // Ella works Monday to Wednesday in Marcus's Operations: next Monday is in the four weeks shown.
  const day = marcus.getByRole('region', { name: `${weekday(nextMonday)} ${british(nextMonday)}` });
  const ellas = day.getByText('09:00–17:00 Ella Evans: Warehouse floor');
  await expect(ellas).toBeVisible();
  await marcus.getByText('Shifts', { exact: true }).click();
  await expect(ellas).toHaveCount(0);
  await marcus.context().close();
});

test('on a phone, a shift on a day its person is on leave is marked, and the owner makes it open in one step', async ({ browser }) => {
  const owner = await openAs(browser, ACCOUNTS.owner, PHONE);
  // The demo's Office shift on a day of a colleague's approved leave next week (its Tuesday).
  const marked = (await nextWeekGrid(owner, ACCOUNTS.owner)).shifts.find((s) => s.day_off?.kind === 'leave');
  expect(marked, 'the demo has a shift on a day its person is on leave').toBeDefined();
  const name = marked!.user_name!;
  // A second shift of theirs the next day (Wednesday), still inside the leave (Monday to Wednesday), for this test to act on.
  const day = addDays(shiftDay(marked!), 1);
  const { auth_token } = await apiSignIn(owner.request, ACCOUNTS.owner);
  const headers = { authorization: `Bearer ${auth_token}` };
  const created = await owner.request.post('/api/rota', {
    headers,
    data: {
      user_id: marked!.user_id,
      department_id: marked!.department_id,
      start_at: londonInstant(day, '09:00').toISOString(),
      end_at: londonInstant(day, '17:00').toISOString(),
      break_minutes: 30,
      role: 'Post room',
      override_reason: 'Booked before the leave was approved',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shift = ((await created.json()) as { shift: Shift }).shift;
  await owner.request.post('/api/rota/publish', { headers, data: { from: day, to: day, department_id: marked!.department_id } });

  // Their phone: the shift carries the mark on My Rota Shifts.
  const person = await openAs(browser, `${name.toLowerCase().replace(' ', '.')}@demo.test`, PHONE);
  await person.goto('/rotas/shifts');
  const card = person
    .getByRole('region', { name: 'Next week' })
    .getByLabel(`Shift ${weekday(day)} ${british(day)} 09:00–17:00`)
    .first();
  await expect(card).toContainText('On leave (Annual leave)');
  await person.context().close();

  // The owner's Rota Management warns of it, and makes it open for a colleague to claim.
  await owner.goto('/rotas/admin');
  await owner.getByRole('button', { name: 'Next week' }).click();
  await expect(owner.getByText(/shifts? falls? on days? (its|their) person is away/)).toBeVisible();
  await owner
    .getByRole('button', { name: `Make ${name}'s shift on ${shortDay(day)} 09:00–17:00 open` })
    .first()
    .click();
  await expect(owner.getByText(`The shift on ${shortDay(day)} 09:00–17:00 is open: anyone in Office may claim it.`)).toBeVisible();
  await expect.poll(async () => (await nextWeekGrid(owner, ACCOUNTS.owner)).shifts.find((s) => s.id === shift.id)?.user_id).toBeNull();
  await owner.context().close();
});

test('on a phone, My Rota Shifts does not move as its rota arrives before the time clock', async ({ browser }) => {
  const page = await (await signedInContext(browser, ACCOUNTS.employee, { viewport: PHONE })).newPage();
  // Each read waits for the test's word, alone or in a batch: the rota is answered while the time
  // clock is still on its way, as a slow phone's reads can come back.
  const held = (name: string) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const matches = (url: URL) =>
      url.pathname === name || (url.pathname === '/api/batch' && url.searchParams.getAll('read[]').some((read) => read.startsWith(name)));
    return { matches, release, released };
  };
  const rota = held('/api/rota/mine');
  const clock = held('/api/time-clock');
  await page.route(
    (url) => rota.matches(url) || clock.matches(url),
    async (route) => {
      const url = new URL(route.request().url());
      await (rota.matches(url) ? rota.released : clock.released);
      await route.continue();
    },
  );
  await page.goto('/rotas/shifts');
  await expect(page.getByLabel('Loading the time clock')).toBeVisible();
  await expect(page.getByLabel('Loading your shifts')).toBeVisible();
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift' });
  });
  rota.release();
  await expect(page.getByRole('region', { name: 'This week' })).toBeVisible();
  await expect(page.getByTestId('rota-last-updated')).toBeVisible();
  // Two frames, for the shift of the rota's paint to be reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const moved = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  // The time clock's place and everything above it stay where they were: 0.31 when the line under
  // the heading came with the rota, 0.05 more as the rota pushed the version footer out of view.
  expect(moved).toBeLessThan(0.01);
  clock.release();
  await expect(page.getByLabel('Loading the time clock')).toBeHidden();
  await page.context().close();
});

test("on a phone, a new shift's break follows the Working Time rule until the manager sets it, and is saved as set", async ({
  browser,
}) => {
  const marcus = await openAs(browser, ACCOUNTS.manager, PHONE, '/rotas/admin');
  await marcus.getByRole('button', { name: 'Next week' }).click();
  await marcus.getByRole('button', { name: 'Add shift' }).click();
  const dialog = marcus.getByRole('dialog', { name: 'Add shift' });
  await dialog.getByRole('combobox', { name: 'Department' }).click();
  await marcus.getByRole('option', { name: 'Operations' }).click();
  await dialog.getByLabel('Start').fill('10:00');
  await dialog.getByLabel('End').fill('16:00');
  const breakField = dialog.getByLabel('Unpaid break (minutes)');
  await expect(breakField).toHaveValue('0');
  await expect(dialog.getByText('No break: the Working Time rest break (20 minutes) is for shifts over 6 hours.')).toBeVisible();
  await dialog.getByLabel('End').fill('17:00');
  await expect(breakField).toHaveValue('20');
  await expect(dialog.getByText('20 minutes: the Working Time rest break for shifts over 6 hours.')).toBeVisible();
  await breakField.fill('25');
  const role = `Break check ${Date.now()}`;
  await dialog.getByLabel('Role').fill(role);
  await dialog.getByRole('button', { name: 'Save shift' }).click();
  await expect(dialog).toBeHidden();
  const saved = (await nextWeekGrid(marcus, ACCOUNTS.manager)).shifts.find((s) => s.role === role);
  expect(saved).toMatchObject({ break_minutes: 25, start_at: londonInstant(nextMonday, '10:00').toISOString() });
  await marcus.context().close();
});
