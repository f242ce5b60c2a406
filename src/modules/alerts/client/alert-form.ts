// The alert form's values and how they map to the API: the publish date is edited as a
// London date and time (the browser's datetime-local field) and sent as an ISO instant. A
// refused write opened from the outbox to correct comes back into the same values.
import { DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import type { AdminAlert, AlertKind, AlertStatus, CreateAlertInput } from '../alerts.contract';
import { queuedCompanyName } from './queued-companies';

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

const publishAtOf = (instant: string | null) =>
  instant ? `${formatLondon(instant, DATE_FORMATS.isoDate)}T${formatLondon(instant, DATE_FORMATS.time)}` : '';

export function formValuesOf(alert: AdminAlert): AlertFormValues {
  return {
    kind: alert.kind,
    short_message: alert.short_message,
    long_message: alert.long_message,
    company_id: alert.company_id,
    company_name: alert.company_name,
    publish_at: publishAtOf(alert.published_at),
  };
}

/**
 * What a queued write of an alert sent, back in the form: the company named as `alert` names it
 * when it is that one, else as the picker named it when the alert was queued on this device.
 */
export function formValuesOfQueued(body: unknown, alert: AdminAlert | null): AlertFormValues {
  const queued = (body && typeof body === 'object' ? body : {}) as Partial<Record<keyof CreateAlertInput, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const companyId = typeof queued.company_id === 'string' && queued.company_id ? queued.company_id : null;
  const publishedAt =
    typeof queued.published_at === 'string' && !Number.isNaN(Date.parse(queued.published_at)) ? queued.published_at : null;
  return {
    kind: queued.kind === 'dashboard' ? 'dashboard' : 'banner',
    short_message: text(queued.short_message),
    long_message: text(queued.long_message),
    company_id: companyId,
    company_name: companyId === null ? null : companyNameOf(companyId, alert),
    publish_at: publishAtOf(publishedAt),
  };
}

/** A company a queued alert was aimed at, whose name the device does not have (queued elsewhere, or storage refused): still the one chosen. */
export const QUEUED_COMPANY = 'The company you chose';

function companyNameOf(companyId: string, alert: AdminAlert | null): string {
  if (companyId === alert?.company_id && alert.company_name) return alert.company_name;
  return queuedCompanyName(companyId) ?? QUEUED_COMPANY;
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
