// Dashboard alerts (dashboard-alerts): what administrators publish for the dashboard,
// newest first, above what needs the user's action.
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { dashboardAlertsQueryOptions } from './alerts.api';

// No toast: without its alerts the dashboard simply shows none.
const alertsQuery = () => ({ ...dashboardAlertsQueryOptions(), meta: { errorToast: false } });

export const dashboardAlertsReads = (): readonly QueryRead[] => [queryRead(alertsQuery())];

export function DashboardAlerts() {
  const { data } = useQuery(alertsQuery());
  const alerts = data?.results ?? [];
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Announcements">
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          color="brand"
          variant="light"
          radius="lg"
          icon={<IconInfoCircle size={20} aria-hidden="true" />}
          title={alert.short_message}
        >
          {alert.long_message && (
            // long_message is sanitised with an allow-list by the server when stored; only that makes this HTML safe.
            <div className="alert-message" dangerouslySetInnerHTML={{ __html: alert.long_message }} />
          )}
        </Alert>
      ))}
    </Stack>
  );
}
