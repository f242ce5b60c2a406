// Reading, acknowledging and reminding: an acknowledgement replayed with its Idempotency-Key
// (the phone's outbox) lands once; the author sees who has and has not; the reminder goes
// once to those still waiting; a scheduled notice is published by the job once, however many
// publishers race, and only then reaches its audience.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDueNotices } from '../../../src/modules/notices/server/notice-publication';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/constants';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany } from '../../support/leave-fixtures';
import { addNotice, call, titlesOf } from '../../support/notices-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
});
afterAll(async () => t.close());

const as = (person: Parameters<typeof call>[1]['person']) => ({ company: acme, person });

async function noticeNotifications(userId: string, noticeId: string) {
  return ownerSql<{ todo: boolean; description: string }>(
    t,
    sql`select todo, description from notifications where user_id = ${userId} and relates_to = 'notice' and relates_to_id = ${noticeId}`,
  );
}

describe('acknowledgement', () => {
  it('tells the audience, lands once when replayed, and shows in the author’s receipts', async () => {
    const id = await addNotice(t, as('owner'), { title: 'New assembly point', acknowledgement_required: true });
    expect(await noticeNotifications(acme.people.employee.id, id)).toEqual([expect.objectContaining({ todo: true })]);
    expect(await noticeNotifications(acme.people.owner.id, id)).toEqual([]);

    const key = { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() };
    const first = await call(t, as('employee'), 'POST', `/api/notices/${id}/acknowledge`, {}, key);
    const replay = await call(t, as('employee'), 'POST', `/api/notices/${id}/acknowledge`, {}, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().acknowledged_at).toBe(first.json().acknowledged_at);
    const again = await call(t, as('employee'), 'POST', `/api/notices/${id}/acknowledge`, {});
    expect(again.json().acknowledged_at).toBe(first.json().acknowledged_at);
    const rows = await ownerSql<{ n: string }>(t, sql`select count(*) as n from notice_receipts where notice_id = ${id}`);
    expect(Number(rows[0]?.n)).toBe(1);

    await call(t, as('colleague'), 'POST', `/api/notices/${id}/read`, {});
    const receipts = (await call(t, as('owner'), 'GET', `/api/notices/${id}/receipts`)).json();
    expect(receipts.audience).toBe(6); // seven addressed, less the owner who wrote it
    expect(receipts.results.map((r: { user: { id: string } }) => r.user.id)).not.toContain(acme.people.owner.id);
    // The author's own notice is read and acknowledged for them: not unread, nothing to acknowledge.
    const own = (await call(t, as('owner'), 'GET', `/api/notices/${id}`)).json();
    expect(own.read_at).toBeTruthy();
    expect(own.acknowledged_at).toBeTruthy();
    const unread = (await call(t, as('owner'), 'GET', '/api/notices?unread=1')).json();
    expect(unread.results.map((n: { id: string }) => n.id)).not.toContain(id);
    expect(receipts.read).toBe(2);
    expect(receipts.acknowledged).toBe(1);
    const ella = receipts.results.find((r: { user: { id: string } }) => r.user.id === acme.people.employee.id);
    expect(ella.acknowledged_at).toBe(first.json().acknowledged_at);

    // The Office manager sees only their own people's receipts of a notice they do not manage.
    const office = (await call(t, as('otherManager'), 'GET', `/api/notices/${id}/receipts`)).json();
    expect(office.results.map((r: { user: { id: string } }) => r.user.id).sort()).toEqual(
      [acme.people.otherManager.id, acme.people.office.id].sort(),
    );
  });

  it('refuses to acknowledge a notice that does not ask for it', async () => {
    const id = await addNotice(t, as('owner'));
    const res = await call(t, as('employee'), 'POST', `/api/notices/${id}/acknowledge`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This notice does not ask for acknowledgement.');
  });
});

describe('the reminder', () => {
  it('reminds only those who have not acknowledged, once', async () => {
    const id = await addNotice(t, as('owner'), { title: 'Remind me', acknowledgement_required: true });
    await call(t, as('employee'), 'POST', `/api/notices/${id}/acknowledge`, {});
    const res = await call(t, as('owner'), 'POST', `/api/notices/${id}/remind`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().reminded).toBe(5); // seven addressed, less Ella (acknowledged) and the owner (the author)
    expect(await noticeNotifications(acme.people.colleague.id, id)).toHaveLength(2);
    expect(await noticeNotifications(acme.people.employee.id, id)).toHaveLength(1);
    const twice = await call(t, as('owner'), 'POST', `/api/notices/${id}/remind`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The reminder has already been sent.');
  });
});

describe('scheduled publishing', () => {
  it('keeps a scheduled notice from its audience until the job publishes it, once', async () => {
    const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const id = await addNotice(t, as('hr'), { title: 'Scheduled news', publish_at: later, acknowledgement_required: true });
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices'))).not.toContain('Scheduled news');
    expect(titlesOf(await call(t, as('hr'), 'GET', '/api/notices?state=scheduled'))).toContain('Scheduled news');
    expect((await publishDueNotices(t.database.db, 'http://test')).published).toBe(0);
    expect(await noticeNotifications(acme.people.colleague.id, id)).toEqual([]);

    await ownerSql(t, sql`update notices set publish_at = now() - interval '1 minute' where id = ${id}`);
    const runs = await Promise.all([1, 2, 3].map(() => publishDueNotices(t.database.db, 'http://test')));
    expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(1);
    expect(await noticeNotifications(acme.people.colleague.id, id)).toHaveLength(1);
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices'))).toContain('Scheduled news');
    expect((await publishDueNotices(t.database.db, 'http://test')).published).toBe(0);
    expect(await noticeNotifications(acme.people.colleague.id, id)).toHaveLength(1);
    // A notice published has its e-mail queued for those asked to act (acknowledgement).
    const mails = await ownerSql<{ n: string }>(
      t,
      sql`select count(*) as n from outbox_email where subject = 'New notice: Scheduled news'`,
    );
    expect(Number(mails[0]?.n)).toBe(6);
  });

  it('shows an expired notice only under expired', async () => {
    const id = await addNotice(t, as('owner'), { title: 'Old news' });
    await ownerSql(t, sql`update notices set expires_on = current_date - 2 where id = ${id}`);
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices'))).not.toContain('Old news');
    expect(titlesOf(await call(t, as('colleague'), 'GET', '/api/notices?state=expired'))).toContain('Old news');
  });
});
