// The shift worker's side: my shifts with colleagues, claiming an open shift once, swaps
// (offer, accept, approve; or standing when the company says so), the personal iCalendar
// feed across the clock changes, and bodies of any shape never answered with a 5xx.
import fc from 'fast-check';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRota, ShiftSaved, Swap } from '../../../src/modules/rotas/rotas.contract';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let h: RotaHarness;
const nextMonday = addDays(startOfWeek(londonDate(new Date())), 7);

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await addRotaCompany(t);
});
afterAll(async () => t.close());

/** Parses a calendar the way a calendar app does: its VTIMEZONE (which must be there) decides what the local times mean. */
function parseWithZones(body: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/London');
  ICAL.TimezoneService.reset();
  ICAL.TimezoneService.register(new ICAL.Timezone(zone!));
  return calendar;
}

const create = async (body: object) => {
  const res = await h.send('manager', 'POST', '/api/rota', body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<ShiftSaved>().shift;
};
const publishNextWeek = () => h.send('manager', 'POST', '/api/rota/publish', { from: nextMonday, to: addDays(nextMonday, 6) });

describe('my shifts', () => {
  it('lists my published shifts with who works alongside, and open shifts I may claim once', async () => {
    const mine = await create(h.shift({ date: nextMonday, from: '09:00', to: '17:00' }));
    await create(h.shift({ date: nextMonday, from: '12:00', to: '20:00', user: 'colleague' }));
    const open = await create(h.shift({ date: addDays(nextMonday, 3), from: '09:00', to: '15:00', user: null }));
    const draft = await h.send('employee', 'GET', '/api/rota/mine');
    expect(draft.json<MyRota>().shifts).toEqual([]);
    await publishNextWeek();
    const rota = (await h.send('employee', 'GET', '/api/rota/mine')).json<MyRota>();
    expect(rota.shifts.map((s) => s.id)).toEqual([mine.id]);
    expect(rota.shifts[0]?.colleagues).toEqual([{ name: 'Colin Cole', role: 'Floor' }]);
    expect(rota.open.map((s) => s.id)).toEqual([open.id]);
    // The Office employee is not offered an Operations shift.
    expect((await h.send('office', 'GET', '/api/rota/mine')).json<MyRota>().open).toEqual([]);
    expect((await h.send('office', 'POST', `/api/rota/${open.id}/claim`)).statusCode).toBe(403);

    expect((await h.send('employee', 'POST', `/api/rota/${open.id}/claim`)).statusCode).toBe(200);
    expect((await h.send('employee', 'POST', `/api/rota/${open.id}/claim`)).statusCode).toBe(200);
    expect((await h.send('colleague', 'POST', `/api/rota/${open.id}/claim`)).statusCode).toBe(409);
    const after = (await h.send('employee', 'GET', '/api/rota/mine')).json<MyRota>();
    expect(after.shifts.map((s) => s.id)).toEqual([mine.id, open.id]);
  });

  it('swaps a shift: offered, accepted by a colleague, approved by the manager', async () => {
    const shift = await create(h.shift({ date: addDays(nextMonday, 4), from: '09:00', to: '17:00' }));
    await publishNextWeek();
    const offered = await h.send('employee', 'POST', `/api/rota/${shift.id}/offer`, { note: 'Wedding' });
    expect(offered.statusCode, offered.body).toBe(200);
    const swap = offered.json<Swap>();
    expect(swap.status).toBe('offered');
    expect((await h.send('employee', 'POST', `/api/rota/${shift.id}/offer`, { note: 'Wedding' })).json<Swap>().id).toBe(swap.id);
    expect((await h.send('employee', 'POST', `/api/rota-swaps/${swap.id}/accept`)).statusCode).toBe(403);
    expect((await h.send('colleague', 'POST', `/api/rota-swaps/${swap.id}/approve`)).statusCode).toBe(403);
    const accepted = await h.send('colleague', 'POST', `/api/rota-swaps/${swap.id}/accept`);
    expect(accepted.json<Swap>()).toMatchObject({ status: 'accepted', accepted_by_name: 'Colin Cole' });
    expect((await h.send('otherManager', 'POST', `/api/rota-swaps/${swap.id}/approve`)).statusCode).toBe(404);
    const approved = await h.send('manager', 'POST', `/api/rota-swaps/${swap.id}/approve`);
    expect(approved.json<Swap>().status).toBe('approved');
    const [row] = await ownerSql<{ user_id: string }>(t, sql`select user_id from rota_shifts where id = ${shift.id}`);
    expect(row?.user_id).toBe(h.company.people.colleague.id);
  });

  it('lets an accepted swap stand when the company does not ask for approval', async () => {
    expect((await h.send('manager', 'PUT', '/api/rota-settings', { swaps_need_approval: false })).statusCode).toBe(403);
    expect((await h.send('owner', 'PUT', '/api/rota-settings', { swaps_need_approval: false })).json()).toEqual({
      swaps_need_approval: false,
    });
    const shift = await create(h.shift({ date: addDays(nextMonday, 5), from: '09:00', to: '13:00', break_minutes: 0 }));
    await publishNextWeek();
    const swap = (await h.send('employee', 'POST', `/api/rota/${shift.id}/offer`, {})).json<Swap>();
    expect((await h.send('colleague', 'POST', `/api/rota-swaps/${swap.id}/accept`)).json<Swap>().status).toBe('approved');
  });
});

describe('the personal calendar feed', () => {
  it('serves my published shifts at a secret link, 09:00–17:00 London time, with its VTIMEZONE', async () => {
    const date = addDays(nextMonday, 6);
    await create(h.shift({ date, from: '09:00', to: '17:00' }));
    await h.send('manager', 'POST', '/api/rota/publish', { from: date, to: date });
    const token = (await h.send('employee', 'POST', '/api/user-icalendar-token-reset')).json<{ token: string }>().token;
    const res = await t.app.inject({ method: 'GET', url: `/api/rota/calendar/${token}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    const events = parseWithZones(res.body)
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    const event = events.find((e) => e.startDate.toString().startsWith(date));
    expect(event).toBeDefined();
    expect([event!.startDate.hour, event!.startDate.minute, event!.endDate.hour, event!.startDate.zone.tzid]).toEqual([
      9,
      0,
      17,
      'Europe/London',
    ]);
    expect(event!.uid).toMatch(/^shift-[0-9a-f-]{36}@stafflane$/);
    // Drafts and colleagues' shifts stay out; an unknown link is not found.
    expect(events.every((e) => e.uid.startsWith('shift-') || e.uid.startsWith('absence-'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/rota/calendar/not-a-real-token-at-all.ics' })).statusCode).toBe(404);
  });

  it('writes 09:00–17:00 on 30 March and 26 October 2026 (either side of the clock changes) as London times', async () => {
    const { buildRotaCalendar } = await import('../../../src/modules/rotas/server/rota-calendar');
    const shift = (id: string, start: string, end: string) => ({
      id: `00000000-0000-4000-8000-00000000000${id}`,
      start_at: new Date(start),
      end_at: new Date(end),
      role: 'Floor',
      department_name: 'Operations',
      location_name: null,
      notes: '',
      updated_at: new Date(),
    });
    const body = buildRotaCalendar({
      // 09:00 London is 08:00 UTC in summer time (30 March), 09:00 UTC after the clocks go back (26 October).
      shifts: [shift('1', '2026-03-30T08:00:00Z', '2026-03-30T16:00:00Z'), shift('2', '2026-10-26T09:00:00Z', '2026-10-26T17:00:00Z')],
      leave: [],
      today: '2026-03-01',
    });
    const events = parseWithZones(body)
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.startDate.zone.tzid])).toEqual([
      ['2026-03-30T09:00:00', '2026-03-30T17:00:00', 'Europe/London'],
      ['2026-10-26T09:00:00', '2026-10-26T17:00:00', 'Europe/London'],
    ]);
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(['2026-03-30T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(events.map((e) => e.uid)).toEqual([
      'shift-00000000-0000-4000-8000-000000000001@stafflane',
      'shift-00000000-0000-4000-8000-000000000002@stafflane',
    ]);
  });
});

describe('bodies of any shape', () => {
  it('never answer a 5xx', async () => {
    const token = await h.company.token('manager');
    const [shift] = await ownerSql<{ id: string }>(t, sql`select id from rota_shifts where company_id = ${h.company.companyId} limit 1`);
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '',
        '\u0000',
        'a'.repeat(3000),
        '2026-02-30',
        '2026-03-29T01:30:00+00:00',
        '2026-13-01T00:00:00Z',
        1e300,
        -1,
        h.company.people.office.id,
      ),
    );
    const body = fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          'user_id',
          'department_id',
          'location_id',
          'start_at',
          'end_at',
          'break_minutes',
          'role',
          'notes',
          'colour',
          'override_reason',
          'from',
          'to',
          'id',
          'from_week',
          'to_week',
          'week',
          'name',
          'note',
        ),
        fc.oneof(scalar, fc.array(scalar)),
      ),
      scalar,
    );
    const base = h.shift({ date: addDays(nextMonday, 2), from: '09:00', to: '12:00', break_minutes: 0 });
    const targets = [
      { method: 'POST' as const, url: '/api/rota' },
      { method: 'POST' as const, url: '/api/rota/check' },
      { method: 'PUT' as const, url: `/api/rota/${shift?.id}` },
      { method: 'POST' as const, url: '/api/rota/publish' },
      { method: 'POST' as const, url: '/api/rota/copy-week' },
      { method: 'POST' as const, url: '/api/rota-templates' },
      { method: 'POST' as const, url: `/api/rota/${shift?.id}/offer` },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, fc.boolean(), async (target, payload, merge) => {
        const merged = merge && typeof payload === 'object' && payload !== null ? { ...base, ...payload } : payload;
        const res = await t.app.inject({
          method: target.method,
          url: target.url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(merged) ?? 'null',
        });
        expect(res.statusCode, `${target.url} ${JSON.stringify(merged)} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const ranges = [
      'from=2026-01-01&to=2025-01-01',
      'from=x&to=y',
      'from=2026-01-01&to=2026-12-31',
      'from[]=1',
      'from=2026-01-01&to=2026-01-07&department_id=nope',
    ];
    for (const query of ranges) expect((await h.send('manager', 'GET', `/api/rota?${query}`)).statusCode).toBe(422);
  });
});
