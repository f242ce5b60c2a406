// GET /api/batch replays each read through its own route with the caller's session: every answer
// is exactly what that GET alone answers (the data for one who may read it, the route's own 403
// for one who may not), another company's records stay refused, and the batch names only reads
// of this API.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_READ_MAX, BATCH_READ_PATH, type BatchReadResponse } from '../../../src/shared/batch-read.contract';
import { stringifyQuery } from '../../../src/shared/query-string';
import { bearer } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { harnessFor, type Harness } from '../../support/leave-harness';
import { createTestApp } from '../../support/test-app';

let h: Harness;
let other: LeaveCompany;

beforeAll(async () => {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await harnessFor(t, await addLeaveCompany(t));
  other = await addLeaveCompany(t, { name: 'Other Ltd' });
  // Something for the approvers' cards to show.
  await h.book('employee', { start_date: '2031-03-10', end_date: '2031-03-11' });
});
afterAll(async () => h?.t.close());

/** The dashboard's reads, as the cards send them (src/client/shell/dashboard and each module's card). */
function dashboardReads(who: LeavePerson): string[] {
  return [
    '/api/pending-count',
    '/api/notifications?page=1',
    '/api/dashboard-alerts?limit=100',
    '/api/time-clock',
    '/api/company-setup',
    '/api/notices?unread=1&offset=0&limit=5',
    '/api/hr-task?view=mine&status[]=open&to=2031-03-16&offset=0&limit=8',
    '/api/hs-task?view=mine&status[]=open&to=2031-03-16&offset=0&limit=8',
    '/api/document-to-do',
    '/api/user-absence?status[]=needApproval&show_relevant_to_me=1&offset=0&limit=5',
    '/api/user-expense?view=approve&offset=0&limit=5',
    `/api/user-absence-period?user_id=${h.company.people[who].id}&current_only=1`,
    '/api/timesheets/in-now',
    '/api/who-at-work',
  ];
}

async function get(token: string, url: string): Promise<LightMyRequestResponse> {
  return h.t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function batch(token: string | null, reads: string[]): Promise<LightMyRequestResponse> {
  const url = `${BATCH_READ_PATH}?${stringifyQuery({ read: reads })}`;
  return h.t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** What each read answers alone: its status and JSON body. */
async function alone(token: string, reads: string[]) {
  return Promise.all(
    reads.map(async (url) => {
      const response = await get(token, url);
      return { status: response.statusCode, body: response.json<unknown>() };
    }),
  );
}

describe('GET /api/batch', () => {
  it.each(['owner', 'manager', 'employee'] as const)(
    'answers each of the %s’s dashboard reads exactly as its own GET does',
    async (who) => {
      const token = await h.company.token(who);
      const reads = dashboardReads(who);
      const response = await batch(token, reads);
      expect(response.statusCode).toBe(200);
      const { answers } = response.json<BatchReadResponse>();
      expect(answers).toEqual(await alone(token, reads));
      // Not an empty comparison: the owner's and the manager's awaiting lists hold Ella's request.
      const awaiting = answers[reads.findIndex((url) => url.startsWith('/api/user-absence?'))];
      if (who !== 'employee') expect((awaiting?.body as { results: unknown[] }).results).toHaveLength(1);
    },
  );

  it('gives a card the role may not see as that route’s 403, with no data', async () => {
    const token = await h.company.token('employee');
    const reads = ['/api/company-setup', '/api/timesheets/in-now', '/api/pending-count'];
    const { answers } = (await batch(token, reads)).json<BatchReadResponse>();
    const single = await get(token, '/api/company-setup');
    expect(single.statusCode).toBe(403);
    expect(answers[0]).toEqual({ status: 403, body: single.json() });
    expect(answers[1]?.status).toBe(403);
    expect(answers[1]?.body).toEqual((await get(token, '/api/timesheets/in-now')).json());
    expect(answers[2]?.status).toBe(200);
    // The owner reads the same two.
    const owner = (await batch(await h.company.token('owner'), reads)).json<BatchReadResponse>();
    expect(owner.answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('keeps another company’s records refused, as each route alone refuses them', async () => {
    const token = await h.company.token('owner');
    const foreignOwner = other.people.owner.id;
    const reads = [
      `/api/user-absence-period?user_id=${foreignOwner}&current_only=1`,
      `/api/company-settings/${other.companyId}`,
      `/api/user-settings/${foreignOwner}`,
    ];
    const response = await batch(token, reads);
    expect(response.statusCode).toBe(200);
    const { answers } = response.json<BatchReadResponse>();
    expect(answers).toEqual(await alone(token, reads));
    for (const answer of answers) expect([403, 404]).toContain(answer.status);
    expect(response.body).not.toContain(other.companyId);
    expect(response.body).not.toContain(foreignOwner);
    // And the other company's owner, batching the first company's reads, gets nothing of it.
    const theirs = await batch(await other.token('owner'), [`/api/user-settings/${h.company.people.owner.id}`, '/api/who-at-work']);
    const body = theirs.json<BatchReadResponse>();
    expect(body.answers[0]?.status).toBeGreaterThanOrEqual(403);
    expect(theirs.body).not.toContain(h.company.people.owner.id);
    expect(theirs.body).not.toContain('Ella');
  });

  it('needs a session, like the reads it holds', async () => {
    const response = await batch(null, ['/api/pending-count']);
    expect(response.statusCode).toBe(401);
  });

  it('answers a read of no route with its 404, and refuses what is not one of this API’s reads', async () => {
    const token = await h.company.token('owner');
    const missing = (await batch(token, ['/api/no-such-thing'])).json<BatchReadResponse>();
    expect(missing.answers[0]?.status).toBe(404);
    for (const read of ['/login', '//evil.test/api/pending-count', '/api/../login', `${BATCH_READ_PATH}?read[]=/api/version`]) {
      const refused = await batch(token, [read]);
      expect(refused.statusCode, read).toBe(422);
    }
    expect((await batch(token, [])).statusCode).toBe(422);
    const tooMany = Array.from({ length: BATCH_READ_MAX + 1 }, () => '/api/pending-count');
    expect((await batch(token, tooMany)).statusCode).toBe(422);
  });
});
