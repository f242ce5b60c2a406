// Notifications end to end: notify() sanitises, stores, publishes and e-mails what needs
// action; the owner lists, reads and clicks them; nobody else ever sees or touches them.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsPage } from '../../../src/shared/notifications.contract';
import { withSystem, withTenant } from '../../../src/server/db/database';
import { notify, type NotifyInput } from '../../../src/server/notifications/notify';
import { addCompany, addUser, ownerSql, type UserFixture } from '../../support/identity-fixtures';
import { deliveredMail, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { authHeader, createTestApp, testSession, type TestApp } from '../../support/test-app';

let sink: SmtpSink;
let t: TestApp;
let alice: UserFixture;
let bob: UserFixture;
let carol: UserFixture; // another company
let admin: UserFixture;
let acme: { companyId: string; roleId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  acme = await addCompany(t);
  const other = await addCompany(t);
  [alice, bob, carol, admin] = await Promise.all([
    addUser(t, { company: acme }),
    addUser(t, { company: acme }),
    addUser(t, { company: other }),
    addUser(t, { company: null }),
  ]);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const headersOf = (user: UserFixture) => authHeader(testSession({ userId: user.id, companyId: user.companyId }));

/** A to-do of a kind a module declares (tasks'), about some task. */
const TASK_TODO = { todo: true, kind: 'task.complete', relatesTo: 'hr_task', relatesToId: 'task-1' } as const;

/** As a module would: inside the transaction of its change, in its company's scope. */
function send(user: UserFixture, input: Partial<NotifyInput> = {}, scopeCompanyId = user.companyId): Promise<Notification> {
  const full = { companyId: user.companyId, userId: user.id, description: 'Something happened', ...input } as NotifyInput;
  return scopeCompanyId
    ? withTenant(t.database.db, scopeCompanyId, (trx) => notify(trx, full))
    : withSystem(t.database.db, (trx) => notify(trx, full));
}

async function list(user: UserFixture, query = ''): Promise<NotificationsPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: headersOf(user) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const read = (user: UserFixture) => t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: headersOf(user) });
const click = (user: UserFixture, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/click', headers: headersOf(user), payload: payload as object });

const outboxTo = async (email: string) =>
  (await deliveredMail(t.deps.mail, sink, email)).map((mail) => ({ subject: mail.subject, text_body: mail.text }));

describe('notify()', () => {
  it('keeps the allowed tags and strips scripts, event handlers and javascript: links', async () => {
    const stored = await send(alice, {
      description:
        '<p>Hi <b>there</b>, <em>see</em> <a href="https://example.test/x" onclick="steal()">this</a>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<a href="mailto:hr@example.test">mail</a><iframe src="https://evil.test"></iframe><span style="color:red">s</span></p>',
    });
    const listed = (await list(alice)).results.find((n) => n.id === stored.id);
    expect(listed?.description).toBe(stored.description);
    expect(stored.description).toBe(
      '<p>Hi <b>there</b>, <em>see</em> <a href="https://example.test/x">this</a><a>bad</a>' +
        '<a href="mailto:hr@example.test">mail</a><span>s</span></p>',
    );
    expect(stored.description).not.toMatch(/script|onerror|onclick|javascript:|<img|<iframe|style=/i);
  });

  it('publishes the notification, as the API returns it, on the user channel', async () => {
    const stored = await send(alice, {
      description: 'Published',
      relatesTo: 'hr_task',
      relatesToId: 'task-7',
      todo: true,
      kind: 'task.complete',
    });
    const events = await ownerSql<{ channel: string; event: string; invalidates: string[]; payload: unknown }>(
      t,
      sql`select channel, event, invalidates, payload from realtime_events where payload->>'id' = ${stored.id}`,
    );
    expect(events).toEqual([
      { channel: `user-${alice.id}`, event: 'notification', invalidates: ['notifications', 'pending-count'], payload: stored },
    ]);
    expect((await list(alice)).results[0]).toEqual(stored);
    expect(stored).toMatchObject({ is_new: true, is_clicked: false, todo: true, relates_to: 'hr_task', relates_to_id: 'task-7' });
  });

  it('e-mails only what needs action, and only while the user wants e-mail', async () => {
    const user = await addUser(t, { company: acme });
    const email = { subject: 'Please approve', text: 'An absence waits for you.' };
    await send(user, { description: 'Info only', email });
    await send(user, { description: 'Action, no e-mail given', ...TASK_TODO });
    expect(await outboxTo(user.email)).toEqual([]);

    await send(user, { description: 'Action', ...TASK_TODO, email });
    expect(await outboxTo(user.email)).toEqual([{ subject: 'Please approve', text_body: 'An absence waits for you.' }]);

    await ownerSql(
      t,
      sql`insert into user_settings (user_id, company_id, email_notifications) values (${user.id}, ${user.companyId}, false)`,
    );
    await send(user, { description: 'Action again', ...TASK_TODO, email: { subject: 'Second', text: 'Second' } });
    expect(await outboxTo(user.email)).toHaveLength(1);
  });

  it('stores, publishes and e-mails nothing when the change rolls back', async () => {
    const before = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from realtime_events`);
    await expect(
      withTenant(t.database.db, bob.companyId!, async (trx) => {
        await notify(trx, {
          companyId: bob.companyId,
          userId: bob.id,
          description: 'Never',
          ...TASK_TODO,
          email: { subject: 'Never', text: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list(bob)).results.map((n) => n.description)).not.toContain('Never');
    expect(await outboxTo(bob.email)).toEqual([]);
    expect(await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from realtime_events`)).toEqual(before);
  });

  it('refuses a user of another company, even in the system scope', async () => {
    await expect(send(carol, { companyId: alice.companyId }, alice.companyId)).rejects.toThrow();
    await expect(send(carol, { companyId: alice.companyId }, null)).rejects.toThrow();
    await expect(send(alice, { companyId: null }, alice.companyId)).rejects.toThrow();
    expect((await list(carol)).count).toBe(0);
  });
});

describe('an administrator (no company)', () => {
  it('is notified from a company user’s transaction and reads, clicks and marks them read', async () => {
    const first = await send(
      admin,
      {
        description: 'Access request approved',
        relatesTo: 'impersonation',
        relatesToId: 'r1',
        todo: true,
        kind: 'order.decide',
        email: { subject: 'Approved', text: 'Approved' },
      },
      alice.companyId,
    );
    const second = await send(admin, { description: 'Another' }, null);
    const page = await list(admin);
    expect(page.results.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(page.unread).toBe(2);
    expect(await outboxTo(admin.email)).toEqual([{ subject: 'Approved', text_body: 'Approved' }]);

    expect((await click(admin, { id: first.id })).statusCode).toBe(204);
    expect((await read(admin)).statusCode).toBe(204);
    expect((await list(admin)).results.map((n) => [n.is_new, n.is_clicked])).toEqual([
      [false, false],
      [false, true],
    ]);
    // Never in a company's list, never clickable by a company user.
    expect((await list(alice)).results.map((n) => n.id)).not.toContain(first.id);
    expect((await click(alice, { id: second.id })).statusCode).toBe(404);
  });
});

describe('GET /api/notifications', () => {
  it('pages the caller’s own, newest first, 20 a page, with the count still new', async () => {
    const user = await addUser(t, { company: acme });
    const made: Notification[] = [];
    for (let i = 1; i <= 23; i++) made.push(await send(user, { description: `N${i}` }));
    const newestFirst = made.map((n) => n.id).reverse();

    const first = await list(user);
    expect(first).toMatchObject({ count: 23, next_offset: 20, unread: 23 });
    expect(first.results.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    expect(Object.keys(first.results[0]!).sort()).toEqual(
      ['created_at', 'description', 'id', 'is_clicked', 'is_new', 'relates_to', 'relates_to_id', 'todo'].sort(),
    );
    const second = await list(user, '?page=2');
    expect(second).toMatchObject({ count: 23, next_offset: 23, unread: 23 });
    expect(second.results.map((n) => n.id)).toEqual(newestFirst.slice(20));
    expect((await list(user, '?page=9')).results).toEqual([]);
    expect((await list(user, '?page=abc')).results.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
  });

  it('never shows another user’s or another company’s notifications', async () => {
    const mine = await send(carol, { description: 'For Carol only' });
    const theirs = await Promise.all([send(alice, { description: 'For Alice' }), send(bob, { description: 'For Bob' })]);
    const page = await list(carol);
    expect(page.results.map((n) => n.id)).toEqual([mine.id]);
    expect(page.count).toBe(1);
    for (const user of [alice, bob]) expect((await list(user)).results.map((n) => n.id)).not.toContain(mine.id);
    expect((await list(alice)).results.map((n) => n.id)).not.toContain(theirs[1].id);
  });
});

describe('POST /api/notifications/read and /click', () => {
  it('read marks every one of the caller’s not new, and nobody else’s', async () => {
    await Promise.all([send(alice, { description: 'A1' }), send(bob, { description: 'B1' })]);
    const res = await read(alice);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const page = await list(alice);
    expect(page.unread).toBe(0);
    expect(page.results.every((n) => !n.is_new)).toBe(true);
    expect((await list(bob)).unread).toBeGreaterThan(0);
  });

  it('click marks one clicked and not new, leaving the others', async () => {
    const [one, other] = [await send(bob, { description: 'Click me' }), await send(bob, { description: 'Leave me' })];
    const unreadBefore = (await list(bob)).unread;
    expect((await click(bob, { id: one.id })).statusCode).toBe(204);
    const page = await list(bob);
    expect(page.results.find((n) => n.id === one.id)).toMatchObject({ is_clicked: true, is_new: false });
    expect(page.results.find((n) => n.id === other.id)).toMatchObject({ is_clicked: false, is_new: true });
    expect(page.unread).toBe(unreadBefore - 1);
    // The user's other devices hear of it and refetch.
    const events = await ownerSql<{ event: string; invalidates: string[] }>(
      t,
      sql`select event, invalidates from realtime_events where channel = ${`user-${bob.id}`} order by id desc limit 1`,
    );
    expect(events).toEqual([{ event: 'notifications.changed', invalidates: ['notifications'] }]);
  });

  it('answers 404 for someone else’s id, an unknown id or no id at all, and changes nothing', async () => {
    const alices = await send(alice, { description: 'Private' });
    const carols = await send(carol, { description: 'Other company' });
    for (const id of [alices.id, carols.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await click(bob, { id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Not found.');
    }
    expect((await list(alice)).results.find((n) => n.id === alices.id)).toMatchObject({ is_new: true, is_clicked: false });
    expect((await list(carol)).results.find((n) => n.id === carols.id)).toMatchObject({ is_new: true, is_clicked: false });
  });
});

describe('refusals', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['POST', '/api/notifications/click'],
    ] as const) {
      expect((await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { id: crypto.randomUUID() } } : {}) })).statusCode).toBe(
        401,
      );
    }
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const headers = { ...headersOf(alice), 'content-type': 'application/json' };
    const notJson = await t.app.inject({ method: 'POST', url: '/api/notifications/click', headers, payload: '{id: nope' });
    expect(notJson.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers, payload: 'garbage' })).statusCode).toBe(400);
    expect((await click(alice, {})).statusCode).toBe(422);
    expect((await click(alice, { id: 42 })).statusCode).toBe(422);
    expect((await list(alice, '?page=-3&limit=abc&offset=x')).results.length).toBeGreaterThan(0);

    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/notifications/click', headers, payload: JSON.stringify(body) });
        return res.statusCode >= 400 && res.statusCode < 500;
      }),
      { numRuns: 60 },
    );
  });
});
