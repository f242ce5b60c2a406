// The privacy module's background work: building asked-for exports (sent when one is asked
// for, and every minute in case a server stopped mid-way), and the nightly retention run.
import { configuredStorage } from '../../../server/files/files.plugin';
import type { JobContext, JobDefinition } from '../../../server/jobs/job-definition';
import { buildPendingExports } from './export-build';
import { runNightlyRetention } from './retention.service';

/** The declarations come from the modules the server is made of. */
function serverModulesOf(context: JobContext) {
  if (!context.modules) throw new Error("The privacy jobs need the server's modules.");
  return context.modules;
}

export const EXPORT_JOB = 'privacy-exports';
export const RETENTION_JOB = 'privacy-retention';

async function withStorage(context: JobContext, fn: (storage: Awaited<ReturnType<typeof configuredStorage>>) => Promise<void>) {
  const storage = await configuredStorage(context.config);
  try {
    await fn(storage);
  } finally {
    (storage as { close?: () => void }).close?.();
  }
}

export const privacyJobs: JobDefinition[] = [
  {
    name: EXPORT_JOB,
    schedule: { cron: '* * * * *', timeZone: 'UTC' },
    catchUpAtStart: true,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    handler: (context) =>
      withStorage(context, async (storage) => {
        await buildPendingExports({ db: context.db, storage, modules: serverModulesOf(context) });
      }),
  },
  {
    name: RETENTION_JOB,
    schedule: { cron: '30 2 * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: (context) =>
      withStorage(context, (storage) =>
        runNightlyRetention({ db: context.db, modules: serverModulesOf(context), storage, now: new Date(), logger: context.logger }),
      ),
  },
];
