// The incident log's job: remind the owners of reports falling due (hourly, and once at start so
// a reminder missed while no server ran goes out when one comes back; each record is claimed once).
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { sendRiddorReminders } from './incidents.service';

export const incidentJobs: JobDefinition[] = [
  {
    name: 'incidents-riddor-reminders',
    schedule: { cron: '20 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, wakeMail }) => {
      if ((await sendRiddorReminders(db)) > 0) wakeMail();
    },
  },
];
