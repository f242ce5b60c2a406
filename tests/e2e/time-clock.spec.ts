// The time clock on a 390 px phone against the real server and the demo company: Ava
// (Operations, in no other spec) clocks in on her dashboard's card, loses the signal, starts
// and ends a break and clocks out — each shown at once, waiting to send — and when the network
// returns the three events land once, with the times her phone showed — her card stays clocked
// out, on the dashboard and on My Rota Shifts; Marcus, her department's manager, has her in his
// "In now" card until her clock-out lands (without a reload), sees the shift with its break on
// his Timesheets page and approves it.
import type { APIRequestContext } from '@playwright/test';
import { sql } from 'kysely';
import { withSystem } from '../../src/server/db/database';
import type { MyClock, TimesheetWeek } from '../../src/modules/time-clock/time-clock.contract';
import { ACCOUNTS, apiSignIn } from './support/accounts';
import { expect, openAs, PHONE, test, waitForActivatedServiceWorker } from './support/fixtures';
import { withServerDatabase } from './support/server-database';

// Offline, push or the outbox: this spec works with the service worker.
test.use({ serviceWorkers: 'allow' });

const AVA = 'ava.kowalski@demo.test';
const SCREENSHOTS = 'test-results/time-clock';

const tokens = new Map<string, string>();

/** A call as `email`, signed in once over the API (not in the browser, whose session it would not touch). */
async function api<T>(request: APIRequestContext, email: string, path: string, data?: object): Promise<T> {
  const auth_token = tokens.get(email) ?? (await apiSignIn(request, email)).auth_token;
  tokens.set(email, auth_token);
  const headers = { authorization: `Bearer ${auth_token}` };
  const response = data ? await request.post(path, { headers, data }) : await request.get(path, { headers });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A published shift for Ava under way now, unless the demo rota has one. */
async function shiftNow(): Promise<void> {
  await withServerDatabase((db) =>
    withSystem(db, async (trx) => {
      await sql`
        insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, published, published_at)
        select u.company_id, u.id, u.department_id, now() - interval '30 minutes', now() + interval '6 hours', 30, 'Goods in', true, now()
        from users u
        where u.email = ${AVA} and not exists (
          select 1 from rota_shifts s where s.user_id = u.id and s.published
            and s.start_at <= now() + interval '2 hours' and s.end_at > now() + interval '1 hour'
            and not exists (select 1 from time_clock_entries e where e.shift_id = s.id))`.execute(trx);
    }),
  );
}

test('Ava clocks in, loses the signal for her break and clock-out, and the events land once with her phone’s times for Marcus to approve', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await shiftNow();
  // A retry finds her as the first run left her: clocked out.
  const before = await api<MyClock>(request, AVA, '/api/time-clock');
  if (before.open) await api(request, AVA, '/api/time-clock/events', { kind: 'clock_out', device_time: new Date().toISOString() });
  const ava = await openAs(browser, AVA, PHONE);
  await waitForActivatedServiceWorker(ava);
  // Signed in, she is on the dashboard.
  const card = ava.getByTestId('clock-card');
  await expect(card.getByText(/^Shift \d\d:\d\d–\d\d:\d\d/)).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Clock in' }).click();
  await expect(card.getByText(/^Clocked in at \d\d:\d\d$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Start break' })).toBeVisible();
  await expect.poll(async () => (await api<MyClock>(request, AVA, '/api/time-clock')).open?.events.length).toBe(1);
  // Marcus's dashboard has her in now, and loses her when her clock-out lands, without a reload.
  const marcus = await openAs(browser, ACCOUNTS.manager, PHONE);
  const inNow = marcus.getByTestId('in-now-card').getByRole('listitem').filter({ hasText: 'Ava Kowalski' });
  await expect(inNow).toContainText(/In since \d\d:\d\d/, { timeout: 30_000 });
  await inNow.scrollIntoViewIfNeeded();
  await marcus.screenshot({ path: `${SCREENSHOTS}/in-now-phone.png` });

  await ava.context().setOffline(true);
  const tapped: string[] = [];
  for (const [button, shows] of [
    ['Start break', /^On a break since \d\d:\d\d$/],
    ['End break', /^Clocked in at \d\d:\d\d$/],
    ['Clock out', /^Clocked out at \d\d:\d\d$/],
  ] as const) {
    tapped.push(new Date().toISOString());
    await card.getByRole('button', { name: button }).click();
    await expect(card.getByText(shows)).toBeVisible();
  }
  await expect(card.getByText('3 clock events waiting to send')).toBeVisible();
  // Clocked out and waiting: no "Clock in" for the shift just worked while the clock-out is queued.
  await expect(card.getByText('You can clock in again once your clock-out has been sent.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clock in' })).toHaveCount(0);
  await expect(card.getByText(/^Last: \d\d:\d\d–\d\d:\d\d, \d+m worked$/)).toBeVisible();
  await ava.screenshot({ path: `${SCREENSHOTS}/offline-card-phone.png`, fullPage: true });
  expect(await ava.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await ava.context().setOffline(false);
  await expect(card.getByText(/waiting to send/)).toHaveCount(0, { timeout: 30_000 });
  await expect(inNow).toHaveCount(0, { timeout: 30_000 });
  const after = await api<MyClock>(request, AVA, '/api/time-clock');
  expect(after.open).toBeNull();
  const events = after.last?.events ?? [];
  expect(events.map((event) => event.kind)).toEqual(['clock_in', 'break_start', 'break_end', 'clock_out']);
  // Each kept the phone's time (not when it arrived), in order, unflagged.
  expect(after.last?.flags).toEqual([]);
  for (const [index, event] of events.slice(1).entries()) {
    expect(event.at).toBe(event.device_time);
    expect(new Date(event.at).getTime()).toBeGreaterThanOrEqual(new Date(tapped[index]!).getTime());
  }
  const entryId = after.last?.id ?? '';
  // Once it has landed the card stays clocked out, offering "Clock in" only for a shift due within two hours.
  await expect(card.getByText(/^Clocked out at \d\d:\d\d$/)).toBeVisible();
  const due = after.shift !== null && Date.parse(after.shift.start_at) - 2 * 3_600_000 <= Date.now();
  await expect(card.getByRole('button', { name: 'Clock in' })).toHaveCount(due ? 1 : 0);
  // The same card heads My Rota Shifts.
  await ava.goto('/rotas/shifts');
  await expect(ava.getByRole('heading', { level: 1, name: 'My Rota Shifts' })).toBeVisible();
  await expect(ava.getByTestId('clock-card').getByText(/^Clocked out at \d\d:\d\d$/)).toBeVisible();
  await ava.screenshot({ path: `${SCREENSHOTS}/rota-shifts-card-phone.png` });

  await marcus.getByRole('button', { name: 'Menu', exact: true }).click();
  await marcus.getByRole('link', { name: 'Timesheets', exact: true }).click();
  await expect(marcus.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeVisible();
  const section = marcus.getByRole('region', { name: 'Ava Kowalski' });
  const entry = section.getByTestId('timesheet-entry').filter({ hasText: 'To approve' }).last();
  await expect(entry).toContainText(/In \d\d:\d\d.* · Out \d\d:\d\d.* · Breaks \d+m/);
  await marcus.screenshot({ path: `${SCREENSHOTS}/timesheets-phone.png`, fullPage: true });
  expect(await marcus.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await entry.getByRole('button', { name: 'Approve' }).click();
  await expect
    .poll(async () => {
      const week = await api<TimesheetWeek>(
        marcus.request,
        ACCOUNTS.manager,
        `/api/timesheets?week=${after.last?.clock_in_at.slice(0, 10)}`,
      );
      return week.people.flatMap((person) => person.entries).find((found) => found.id === entryId)?.approval;
    })
    .toBe('approved');
  await ava.context().close();
  await marcus.context().close();
});
