// The time clock as issue #35 asks it to be shown, on a 390 px phone with a persistent profile,
// against a server of its own (the run's shared server is never restarted): Ava (Operations)
// clocks in online on her dashboard's card and loses the signal; she starts and ends a break
// and clocks out — each shown at once, waiting to send — and closes the app. The server is
// restarted meanwhile. She reopens the app with the signal back, on My Rota Shifts: the outbox
// kept in her profile sends the three events and all four stand once, at the times her phone
// showed. Marcus, her department's manager, signed in on the restarted server while her phone
// was closed, has her in his "In now" card until her clock-out lands (without a reload), sees
// the shift with its break on Timesheets and approves it; the pay period then has her hours.
//
// Her phone's clock runs three hours behind (Playwright's clock), and jumps forward before each
// tap, so the shift has a real length: clocked in at T−3h, a break from T−2h to T−1h30, out at
// T−15m, which the server keeps (in the past, in order, within the day's drift): 2h 15m worked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { sql } from 'kysely';
import { withSystem } from '../../src/server/db/database';
import { DATE_FORMATS, formatLondon, londonDate, startOfWeek } from '../../src/shared/dates';
import type { PayPeriodDetail, PayPeriodSummary } from '../../src/modules/payroll/payroll.contract';
import type { MyClock } from '../../src/modules/time-clock/time-clock.contract';
import { ACCOUNTS, apiSignIn, DEMO_PASSWORD } from './support/accounts';
import { chromiumLaunchOptions, startAppServer, type AppServer } from './support/app-server';
import { expect, PHONE, signIn, test, waitForActivatedServiceWorker } from './support/fixtures';
import { withServerDatabase } from './support/server-database';

// Offline and the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

const AVA = 'ava.kowalski@demo.test';
const SCREENSHOTS = 'test-results/time-clock';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const time = (at: string | number) => formatLondon(at, DATE_FORMATS.time);

/** A call as `email`, signed in once over the API. */
function apiAs(request: APIRequestContext) {
  const tokens = new Map<string, string>();
  return async <T>(email: string, path: string, data?: object): Promise<T> => {
    const authToken = tokens.get(email) ?? (await apiSignIn(request, email)).auth_token;
    tokens.set(email, authToken);
    const headers = { authorization: `Bearer ${authToken}` };
    const response = data ? await request.post(path, { headers, data }) : await request.get(path, { headers });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
}

/** Ava's one published shift near now: from `start` for six hours, with a 30-minute break (her demo rota's are withdrawn). */
async function rosterAva(server: AppServer, start: number): Promise<void> {
  await withServerDatabase(
    (db) =>
      withSystem(db, async (trx) => {
        await sql`
          update rota_shifts s set published = false from users u
          where u.id = s.user_id and u.email = ${AVA}
            and s.start_at < now() + interval '3 days' and s.end_at > now() - interval '1 day'`.execute(trx);
        await sql`
          insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
          select u.company_id, u.id, u.department_id, ${new Date(start)}, ${new Date(start + 6 * HOUR)}, 30, 'Goods in', true, now()
          from users u where u.email = ${AVA}`.execute(trx);
      }),
    server.dataDir,
  );
}

/** Her phone: a persistent profile (its outbox survives closing the browser), addresses given in full. */
function openAvasPhone(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'allow',
  });
}

async function openMarcus(browser: Browser, server: AppServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await page.goto('/login');
  await signIn(page, ACCOUNTS.manager, DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  // Subscribed to his company's channel: clock events reach him from now on.
  await expect
    .poll(() => frames.some((frame) => frame.includes('"subscribed"') && frame.includes('"company-')), { timeout: 15_000 })
    .toBe(true);
  return page;
}

/** Ava's clocked hours in the owner's review of the pay period that holds `date` (0 when she has none). */
async function payPeriodHours(api: ReturnType<typeof apiAs>, date: string): Promise<{ hours: number; dates: string[] }> {
  const periods = await api<{ results: PayPeriodSummary[] }>(ACCOUNTS.owner, '/api/payroll-period');
  const period = periods.results.find((found) => found.start_date <= date && date <= found.end_date);
  expect(period, `a pay period holding ${date}`).toBeDefined();
  const detail = await api<PayPeriodDetail>(ACCOUNTS.owner, `/api/payroll-period/${period?.start_date}`);
  const line = detail.people.find((person) => person.name.includes('Kowalski'))?.lines.find((found) => found.code === 'HOURS');
  return { hours: line?.hours ?? 0, dates: line?.dates ?? [] };
}

test('Ava clocks in, loses the signal for her break and clock-out while the server restarts, and the events land once with her phone’s times; Marcus approves them into the pay period', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'time-clock-ava-'));
  // Her phone starts while the server does.
  const [serverStart, phoneStart] = await Promise.allSettled([startAppServer('time-clock'), openAvasPhone(profile)]);
  if (serverStart.status === 'rejected' || phoneStart.status === 'rejected') {
    if (phoneStart.status === 'fulfilled') await phoneStart.value.close();
    if (serverStart.status === 'fulfilled') await serverStart.value.stop();
    throw serverStart.status === 'rejected' ? serverStart.reason : (phoneStart as PromiseRejectedResult).reason;
  }
  const server = serverStart.value;
  let ava: BrowserContext | null = phoneStart.value;
  let marcusSignedIn: Promise<Page> | null = null;
  const request = await playwrightRequest.newContext({ baseURL: server.url });
  const api = apiAs(request);
  const problems: string[] = [];
  try {
    // Her phone's clock: three hours behind, set to each tap's time (on the minute) just before it.
    const minute = Math.floor(started / MINUTE) * MINUTE;
    const phoneTimes = [minute - 3 * HOUR, minute - 2 * HOUR, minute - 90 * MINUTE, minute - 15 * MINUTE];
    await rosterAva(server, phoneTimes[0]!);
    await ava.clock.install({ time: phoneTimes[0]! - MINUTE });
    let page = ava.pages()[0] ?? (await ava.newPage());
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/login`);
    await signIn(page, AVA, DEMO_PASSWORD);
    await waitForActivatedServiceWorker(page);
    const card = page.getByTestId('clock-card');
    const shift = `${time(phoneTimes[0]!)}–${time(phoneTimes[0]! + 6 * HOUR)}`;
    await expect(card.getByText(`Shift ${shift} · Goods in, Operations`)).toBeVisible({ timeout: 30_000 });
    await ava.clock.setSystemTime(phoneTimes[0]!);
    await card.getByRole('button', { name: 'Clock in' }).click();
    await expect(card.getByText(`Clocked in at ${time(phoneTimes[0]!)}`)).toBeVisible();
    await expect.poll(async () => (await api<MyClock>(AVA, '/api/time-clock')).open?.events.length).toBe(1);

    // No signal, and the server goes down: it restarts on the same data while she works, and
    // Marcus signs in on it then.
    await ava.setOffline(true);
    await server.pause();
    marcusSignedIn = server.resume().then(() => openMarcus(browser, server));
    for (const [index, button, shows] of [
      [1, 'Start break', `On a break since ${time(phoneTimes[1]!)}`],
      [2, 'End break', `Clocked in at ${time(phoneTimes[0]!)}`],
      [3, 'Clock out', `Clocked out at ${time(phoneTimes[3]!)}`],
    ] as const) {
      await ava.clock.setSystemTime(phoneTimes[index]!);
      await card.getByRole('button', { name: button }).click();
      await expect(card.getByText(shows)).toBeVisible();
    }
    await expect(card.getByText('3 clock events waiting to send')).toBeVisible();
    // Clocked out and waiting: no "Clock in" for the shift just worked while the clock-out is queued.
    await expect(card.getByText('You can clock in again once your clock-out has been sent.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Clock in' })).toHaveCount(0);
    await expect(card.getByText(`Last: ${time(phoneTimes[0]!)}–${time(phoneTimes[3]!)}, 2h 15m worked`)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/offline-card-phone.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // She closes the app; the three taps wait in her profile.
    await ava.close();
    ava = null;

    // Marcus's dashboard, on the restarted server, has her in now: only her clock-in has reached it.
    const marcus = await marcusSignedIn;
    const inNow = marcus.getByTestId('in-now-card').getByRole('listitem').filter({ hasText: 'Ava Kowalski' });
    await expect(inNow).toContainText(`In since ${time(phoneTimes[0]!)}`, { timeout: 30_000 });

    // She reopens the app with the signal back, on My Rota Shifts: the outbox sends them as it starts.
    ava = await openAvasPhone(profile);
    page = ava.pages()[0] ?? (await ava.newPage());
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/rotas/shifts`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Rota Shifts' })).toBeVisible();
    const rotaCard = page.getByTestId('clock-card');
    await expect(rotaCard.getByText(`Clocked out at ${time(phoneTimes[3]!)}`)).toBeVisible({ timeout: 30_000 });
    await expect(rotaCard.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    // Marcus loses her when her clock-out lands, without a reload.
    await expect(inNow).toHaveCount(0, { timeout: 30_000 });
    const after = await api<MyClock>(AVA, '/api/time-clock');
    expect(after.open).toBeNull();
    const entry = after.last!;
    // Four events, once each, each at the time her phone showed, unflagged.
    expect(entry.events.map((event) => event.kind)).toEqual(['clock_in', 'break_start', 'break_end', 'clock_out']);
    expect(entry.flags).toEqual([]);
    for (const [index, event] of entry.events.entries()) {
      expect(event.at).toBe(event.device_time);
      const afterTap = Date.parse(event.at) - phoneTimes[index]!;
      expect(afterTap).toBeGreaterThanOrEqual(0);
      expect(afterTap).toBeLessThan(30_000);
    }
    expect(entry).toMatchObject({ break_minutes: 30, worked_minutes: 135, approval: 'pending' });
    // Once landed, the card stays clocked out: her only shift near now is the one just worked.
    await expect(rotaCard.getByRole('button', { name: 'Clock in' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/rota-shifts-card-phone.png` });

    const date = londonDate(new Date(entry.clock_in_at));
    const before = payPeriodHours(api, date);
    before.catch(() => undefined);
    await marcus.getByRole('button', { name: 'Menu', exact: true }).click();
    await marcus.getByRole('link', { name: 'Timesheets', exact: true }).click();
    await expect(marcus.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
    // Clocked in before this week began (a run just after midnight on a Monday): last week's sheet.
    if (startOfWeek(date) !== startOfWeek(londonDate(new Date()))) await marcus.getByRole('button', { name: 'Previous week' }).click();
    const row = marcus.getByRole('region', { name: 'Ava Kowalski' }).getByTestId('timesheet-entry');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`shift ${shift}`);
    await expect(row).toContainText('To approve');
    await expect(row).toContainText(
      `In ${time(phoneTimes[0]!)} · Out ${time(phoneTimes[3]!)} (3h 15m early) · Breaks 30m · Worked 2h 15m of 5h 30m`,
    );
    await marcus.screenshot({ path: `${SCREENSHOTS}/timesheets-phone.png`, fullPage: true });
    expect(await marcus.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const hoursBefore = (await before).hours;
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();
    // The pay period holding that day now has her 2.25 hours, for that day.
    await expect.poll(async () => (await payPeriodHours(api, date)).hours).toBeCloseTo(hoursBefore + 2.25, 2);
    expect((await payPeriodHours(api, date)).dates).toContain(date);
    expect(problems).toEqual([]);
  } finally {
    await ava?.close();
    await (await marcusSignedIn?.catch(() => null))?.context().close();
    await request.dispose();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
