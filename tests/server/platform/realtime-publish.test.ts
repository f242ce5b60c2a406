// publish(): the event row is written in the caller's transaction and its id is NOTIFYed on
// commit only — a LISTEN connection (what every server's fan-out will be) hears committed
// events and never one whose transaction rolled back.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../../src/server/realtime/publish';
import { REALTIME_NOTIFY_CHANNEL } from '../../../src/server/realtime/realtime.queries';
import { companyChannel, GLOBAL_CHANNEL, userChannel } from '../../../src/shared/realtime';
import { ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  listener = new pg.Client({ connectionString: t.database.ownerUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === REALTIME_NOTIFY_CHANNEL && message.payload) heard.push(message.payload);
  });
  await listener.query(`LISTEN ${REALTIME_NOTIFY_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

class Rollback extends Error {}

describe('publish()', () => {
  it('stores the event as given and returns it with a string id', async () => {
    const companyId = crypto.randomUUID();
    const event = await t.database.db.transaction().execute((trx) =>
      publish(trx, {
        channel: companyChannel(companyId),
        event: 'user-absence.updated',
        invalidates: ['user-absence', 'pending-count'],
        payload: { id: 'a1', list: [1, 2], nested: { ok: true } },
        companyId,
      }),
    );
    expect(event).toEqual({
      id: expect.stringMatching(/^\d+$/),
      channel: `company-${companyId}`,
      event: 'user-absence.updated',
      invalidates: ['user-absence', 'pending-count'],
      payload: { id: 'a1', list: [1, 2], nested: { ok: true } },
    });
    const rows = await ownerSql<{ channel: string; invalidates: string[]; payload: unknown; company_id: string }>(
      t,
      sql`select channel, invalidates, payload, company_id from realtime_events where id = ${event.id}::bigint`,
    );
    expect(rows).toEqual([
      { channel: `company-${companyId}`, invalidates: ['user-absence', 'pending-count'], payload: event.payload, company_id: companyId },
    ]);
  });

  it('keeps an array payload as JSON, and no payload as none', async () => {
    const list = await publish(t.database.db, { channel: GLOBAL_CHANNEL, event: 'x', invalidates: [], payload: ['a', 'b'] });
    const none = await publish(t.database.db, { channel: GLOBAL_CHANNEL, event: 'y', invalidates: [] });
    expect(list.payload).toEqual(['a', 'b']);
    expect(none).toMatchObject({ payload: null, invalidates: [] });
    expect(Number(none.id)).toBeGreaterThan(Number(list.id));
  });

  it('is heard by a LISTEN connection after commit, and never after a rollback', async () => {
    const channel = userChannel(crypto.randomUUID());
    let rolledBackId: string | undefined;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        rolledBackId = (await publish(trx, { channel, event: 'notification', invalidates: ['notifications'] })).id;
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);

    let heardBeforeCommit: string[] = [];
    const committed = await t.database.db.transaction().execute(async (trx) => {
      const event = await publish(trx, { channel, event: 'notification', invalidates: ['notifications'] });
      // Give a premature NOTIFY every chance to arrive before the commit.
      await new Promise((resolve) => setTimeout(resolve, 100));
      heardBeforeCommit = [...heard];
      return event;
    });
    await until(() => heard.includes(committed.id));

    expect(heardBeforeCommit).not.toContain(committed.id);
    // NOTIFYs arrive in commit order: once the committed one is here, the rolled-back one would have been too.
    expect(rolledBackId).toMatch(/^\d+$/);
    expect(heard).not.toContain(rolledBackId);
    const stored = await ownerSql<{ id: string }>(t, sql`select id::text from realtime_events where channel = ${channel}`);
    expect(stored).toEqual([{ id: committed.id }]);
  });
});
