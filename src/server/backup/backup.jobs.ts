// The nightly backup: an archive of the database and its files into DATA_DIR/backups, then the
// copies the retention rule no longer keeps are removed. The export streams inside one
// read-only snapshot, so requests go on being answered while it runs.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { JobDefinition } from '../jobs/job-definition';
import { backupFileName, backupFilesIn, backupsToPrune } from './backup-retention';
import { createBackup } from './backup.service';

const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

export const backupJobs: JobDefinition[] = [
  {
    name: 'platform-nightly-backup',
    // A quiet hour in the UK; a night missed while no server ran is not made up (`npm run backup` is).
    schedule: { cron: '30 2 * * *', timeZone: 'Europe/London' },
    // A failed night is tried again twice within the hour, then waits for the next night.
    retry: { limit: 2, delaySeconds: 600, backoff: false },
    handler: async ({ config, logger, ownerUrl }) => {
      if (!config.backups.enabled) return;
      if (!ownerUrl) throw new Error('The nightly backup needs the owner connection.');
      const { dir, keepDaily, keepWeekly } = config.backups;
      const summary = await createBackup({ ownerUrl, config, file: path.join(dir, backupFileName(new Date())) });
      const names = await fsp.readdir(dir);
      const pruned = backupsToPrune(backupFilesIn(names), { daily: keepDaily, weekly: keepWeekly });
      for (const name of pruned) await fsp.rm(path.join(dir, name), { force: true });
      // What a backup killed half-way left (its spooled tables, its unfinished archive), once a day has passed.
      for (const name of names.filter((candidate) => candidate.startsWith('.backup-') || candidate.endsWith('.partial'))) {
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > LEFTOVER_AGE_MS) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
      }
      logger.info({ ...summary, pruned: pruned.length }, 'Nightly backup written');
    },
  },
];
