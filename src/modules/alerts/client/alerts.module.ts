// What the alerts module gives the shell: the banners administrators publish across every
// company page, and the announcements card at the top of the dashboard. Administrators write
// alerts on /admin/alerts (their menu).
import type { ClientModule } from '../../../client/shell/client-module';
import { AlertBanners, alertBannersReads } from './alert-banners';
import { DashboardAlerts, dashboardAlertsReads } from './dashboard-alerts';

export const alertsClientModule: ClientModule = {
  name: 'alerts',
  banners: [{ key: 'alerts', component: AlertBanners, reads: alertBannersReads }],
  widgets: [{ key: 'alerts', order: 10, component: DashboardAlerts, allowedWhenRestricted: true, reads: dashboardAlertsReads }],
};
