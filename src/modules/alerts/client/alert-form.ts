// The alert form's values and how they map to the API: the publish date is edited as a
// London date and time (the browser's datetime-local field) and sent as an ISO instant.
import { DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import type { AdminAlert, AlertKind, AlertStatus, CreateAlertInput } from '../alerts.contract';

export type AlertFormValues = {
  kind: AlertKind;
  short_message: string;
  long_message: string;
  /** null = every company. */
  company_id: string | null;
  company_name: string | null;
  /** `yyyy-MM-ddTHH:mm` on a London clock, or '' for a draft. */
  publish_at: string;
};

export const EMPTY_ALERT_FORM: AlertFormValues = {
  kind: 'banner',
  short_message: '',
  long_message: '',
  company_id: null,
  company_name: null,
  publish_at: '',
};

export const ALERT_KIND_LABELS: Record<AlertKind, string> = { banner: 'Banner', dashboard: 'Dashboard' };
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
export const ALL_COMPANIES = 'All companies';

export function formValuesOf(alert: AdminAlert): AlertFormValues {
  return {
    kind: alert.kind,
    short_message: alert.short_message,
    long_message: alert.long_message,
    company_id: alert.company_id,
    company_name: alert.company_name,
    publish_at: alert.published_at
      ? `${formatLondon(alert.published_at, DATE_FORMATS.isoDate)}T${formatLondon(alert.published_at, DATE_FORMATS.time)}`
      : '',
  };
}

function publishInstant(value: string): string | null {
  const [date, time] = value.split('T');
  if (!date || !time) return null;
  try {
    return londonInstant(date, time.slice(0, 5)).toISOString();
  } catch {
    return null;
  }
}

export function alertInputOf(values: AlertFormValues): CreateAlertInput {
  return {
    kind: values.kind,
    short_message: values.short_message,
    long_message: values.long_message,
    company_id: values.company_id,
    published_at: publishInstant(values.publish_at),
  };
}
