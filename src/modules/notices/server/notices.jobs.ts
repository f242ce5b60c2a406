// The noticeboard's job: every minute, publish the scheduled notices whose time has come (and
// tell their audience). It also runs when a server starts, so a notice due while no server ran
// goes out then; each notice is published once however many servers run (see notice-publication.ts).
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { publishDueNotices } from './notice-publication';

export const NOTICES_PUBLISH_JOB = 'notices-publish';

export const noticesJobs: JobDefinition[] = [
  {
    name: NOTICES_PUBLISH_JOB,
    schedule: { cron: '* * * * *', timeZone: 'UTC' },
    catchUpAtStart: true,
    handler: async ({ db, config, wakeMail }) => {
      const { published } = await publishDueNotices(db, config.publicOrigin ?? `http://localhost:${config.port}`);
      if (published > 0) wakeMail();
    },
  },
];
