// The sending job as servers run it: a notification queued in a request's transaction wakes
// the `notifications-push` job through the outbox's NOTIFY, so the device has it in about a
// second — not at the job's next schedule slot or worker poll (a minute, ten seconds).
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../src/shared/push.contract';
import { notificationsModule } from '../../../src/server/notifications/notifications.module';
import { startServer, type RunningServer } from '../../../src/app/server/server';
import { ownerSql } from '../../support/identity-fixtures';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { harnessFor, type Harness } from '../../support/leave-harness';
import { startPushReceiver, type PushReceiver } from '../../support/push-receiver';
import { createTestApp, testConfig } from '../../support/test-app';

let h: Harness;
let receiver: PushReceiver;
let jobs: RunningServer;

beforeAll(async () => {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await harnessFor(t, await addLeaveCompany(t));
  receiver = await startPushReceiver();
  // A second server on the same database runs the job with production's clocks.
  jobs = await startServer({
    config: testConfig({ DATABASE_URL: t.database.ownerUrl, SEED_DEMO: '0', HOST: '127.0.0.1', PORT: '0' }),
    logger: pino({ level: 'silent' }),
    jobs: notificationsModule.jobs ?? [],
  });
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await receiver.close();
  await h.t.close();
});

describe('the push job', () => {
  it('delivers a new notification within seconds of the commit', async () => {
    const { endpoint, keys } = receiver.device('manager-phone');
    await ownerSql(
      h.t,
      sql`insert into push_subscriptions (company_id, user_id, endpoint, p256dh, auth, device)
          values (${h.company.companyId}, ${h.company.people.manager.id}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, 'phone')`,
    );
    const started = Date.now();
    const request = await h.book('employee', { start_date: '2029-09-03', end_date: '2029-09-03' });
    while (receiver.received.length === 0 && Date.now() - started < 4_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((JSON.parse(receiver.received[0]!.plaintext) as PushPayload).link).toBe(`/absence/${request.id}`);
  }, 30_000);
});
