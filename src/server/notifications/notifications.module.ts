// The platform's notifications registration, listed with the modules: the bell's list, read and click; the devices a
// person allowed notifications on (Web Push), and the job that sends them what the bell gets.
import type { ServerModule } from '../server-module';
import { sendDuePushes } from './push-sender';
import { notificationsRoutes } from './notifications.routes';
import { notificationsPersonalData } from './notifications.personal-data';
import { pushRoutes } from './push.routes';

/** The trigger on push_outbox (migration 0034) NOTIFYs this channel when a message is queued. */
export const PUSH_WAKE_CHANNEL = 'stafflane_push';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  personalData: notificationsPersonalData,
  routes: async (app, options) => {
    await notificationsRoutes.call(app, app, options);
    await pushRoutes.call(app, app, options);
  },
  jobs: [
    {
      name: 'notifications-push',
      // Woken by every queued message; the schedule sends the retries that came due.
      wakeOn: PUSH_WAKE_CHANNEL,
      schedule: { cron: '* * * * *', timeZone: 'UTC' },
      retry: { limit: 2, delaySeconds: 10, backoff: true },
      handler: async ({ db, logger, config }) => {
        await sendDuePushes({ db, logger, config });
      },
    },
  ],
};
