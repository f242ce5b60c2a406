// The platform's subscribed calendar (src/server/calendar/calendar-feed.ts) under a route of its
// own: the token is the only secret, so a malformed one, an unknown one and one whose holder is
// no longer active are each a 404 that writes nothing; the holder's file is sent as an
// iCalendar that no cache shares and no browser sniffs.
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/server/app-deps';
import { mountCalendarFeed, type CalendarHolder } from '../../../src/server/calendar/calendar-feed';
import { londonDate } from '../../../src/shared/dates';
import { addCompany, addUser, ownerSql, type UserFixture } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const written: { holder: CalendarHolder; today: string }[] = [];

const feedRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountCalendarFeed(app, deps, '/api/test-feed/:token.ics', async (holder, today) => {
    written.push({ holder, today });
    return `BEGIN:VCALENDAR\r\nX-HOLDER:${holder.user_id}\r\nEND:VCALENDAR\r\n`;
  });
};

const TOKEN = 'platform-feed-token-0123456789';
const LEFT_TOKEN = 'platform-feed-left-0123456789';
let t: TestApp;
let person: UserFixture;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp({ plugins: [feedRoutes] });
  const company = await addCompany(t);
  companyId = company.companyId;
  person = await addUser(t, { company });
  const left = await addUser(t, { company, status: 'terminated' });
  await ownerSql(t, sql`update users set icalendar_token = ${TOKEN} where id = ${person.id}`);
  await ownerSql(t, sql`update users set icalendar_token = ${LEFT_TOKEN} where id = ${left.id}`);
});

afterAll(async () => {
  await t?.close();
});

const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/test-feed/${token}.ics` });

describe('a subscribed calendar', () => {
  it("sends the token holder's file as an uncached, unsniffed iCalendar, written for London's today", async () => {
    const res = await get(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(`BEGIN:VCALENDAR\r\nX-HOLDER:${person.id}\r\nEND:VCALENDAR\r\n`);
    expect(written.at(-1)).toEqual({ holder: { user_id: person.id, company_id: companyId }, today: londonDate(new Date()) });
  });

  it('is a 404 that writes nothing for a malformed token, an unknown one and a holder who has left', async () => {
    const before = written.length;
    for (const token of ['short', 'has.a.dot-0123456789', 'no-such-token-0123456789', LEFT_TOKEN]) {
      expect((await get(token)).statusCode, token).toBe(404);
    }
    expect(written.length).toBe(before);
  });
});
