// The platform's own retention sweeps. Rows past their time do no harm for an hour or two, so
// a slot missed while no server ran simply waits for the next one. The nightly backup is here too (backup.jobs.ts).
import { backupJobs } from '../backup/backup.jobs';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency.queries';
import { cleanUpRealtimeEvents } from '../realtime/realtime-retention';
import type { JobDefinition } from './job-definition';

export const platformJobs: JobDefinition[] = [
  {
    name: 'platform-idempotency-keys-expiry',
    schedule: { cron: '30 * * * *', timeZone: 'UTC' },
    handler: async ({ db }) => {
      await deleteExpiredIdempotencyKeys(db);
    },
  },
  {
    name: 'platform-realtime-retention',
    schedule: { cron: '35 * * * *', timeZone: 'UTC' },
    handler: async ({ db, config }) => {
      await cleanUpRealtimeEvents(db, config.realtime.retentionDays);
    },
  },
  ...backupJobs,
];
