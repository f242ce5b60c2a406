// Versioned reads (the team month, the absence lists): an ETag from the company's data
// version and the caller's view, a 304 for a repeat, and never a stale body — a write through
// the API, and a write that announces nothing (SQL by hand), each change the ETag and the body.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../../src/modules/leave/leave-insights.contract';
import { ownerSql } from '../../support/identity-fixtures';
import { startHarness, type Harness } from '../../support/leave-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.t.close());

const month = '/api/absence-timeline?from=2031-03-01&to=2031-03-31';
const approvals = '/api/user-absence?status=needApproval&show_relevant_to_me=1';

async function read(url: string, who: 'owner' | 'manager' | 'employee', headers: Record<string, string> = {}) {
  const token = await h.company.token(who);
  return h.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
}

describe('versioned reads', () => {
  it('answers a repeat with the same ETag, and If-None-Match with an empty 304', async () => {
    const first = await read(month, 'owner');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await read(month, 'owner');
    expect(again.headers.etag).toBe(etag);
    expect(again.json()).toEqual(first.json());
    const notModified = await read(month, 'owner', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('gives another person (another view) another ETag, so one browser never shows one person what another saw', async () => {
    const owner = await read(month, 'owner');
    const employee = await read(month, 'employee', { 'if-none-match': owner.headers.etag as string });
    expect(employee.statusCode).toBe(200);
    expect(employee.headers.etag).not.toBe(owner.headers.etag);
  });

  it('changes the ETag and the body after a write through the API: the new absence is there at once', async () => {
    const before = await read(month, 'owner');
    const beforeList = await read(approvals, 'manager');
    const booked = await h.book('employee', { start_date: '2031-03-10', end_date: '2031-03-11' });
    const after = await read(month, 'owner', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Timeline>().absences.map((absence) => absence.id)).toContain(booked.id);
    const afterList = await read(approvals, 'manager', { 'if-none-match': beforeList.headers.etag as string });
    expect(afterList.statusCode).toBe(200);
    expect(afterList.json<{ results: { id: string }[] }>().results.map((row) => row.id)).toContain(booked.id);

    // Approved: the list of what waits for approval no longer holds it.
    expect((await h.act('manager', booked.id, 'approve')).statusCode).toBe(200);
    const approved = await read(approvals, 'manager', { 'if-none-match': afterList.headers.etag as string });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ results: { id: string }[] }>().results.map((row) => row.id)).not.toContain(booked.id);
  });

  it('changes the ETag and the body after a write that announces nothing', async () => {
    const before = await read(month, 'owner');
    const employee = h.company.people.employee;
    await ownerSql(h.t, sql`update users set first_name = 'Renamed' where id = ${employee.id}`);
    const after = await read(month, 'owner', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Timeline>().people.find((person) => person.id === employee.id)?.first_name).toBe('Renamed');
  });

  it('computes a new version once for concurrent readers, and all get the same body', async () => {
    await ownerSql(h.t, sql`update users set first_name = 'Ella' where id = ${h.company.people.employee.id}`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => read(month, 'owner')));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('sends the cached body compressed to a client that accepts it', async () => {
    const plain = await read(month, 'owner');
    const br = await read(month, 'owner', { 'accept-encoding': 'br' });
    if (plain.rawPayload.length >= 1024) expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});
