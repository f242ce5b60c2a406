// The red alert banners across the top of every company page: published alerts
// the user has not dismissed (a dismissal holds until the alert's id or updated_at changes).
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { bannerAlertsQueryOptions } from './alerts.api';
import { dismissAlert, isDismissed, readDismissals } from '../../../client/shell/alerts/alert-dismissals';

/** The banners' first read, started with the frame's (FrameReads). */
export const alertBannersReads = (): readonly QueryRead[] => [queryRead(bannerAlertsQueryOptions())];

export function AlertBanners() {
  const { data } = useQuery(bannerAlertsQueryOptions());
  const [dismissals, setDismissals] = useState(readDismissals);
  const alerts = data?.results ?? [];
  const shown = alerts.filter((alert) => !isDismissed(alert, dismissals));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" role="region" aria-label="Alerts">
      {shown.map((alert) => (
        <Alert
          key={alert.id}
          color="red"
          variant="filled"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={alert.short_message}
          withCloseButton
          closeButtonLabel="Dismiss alert"
          onClose={() => setDismissals(dismissAlert(alert, alerts))}
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
