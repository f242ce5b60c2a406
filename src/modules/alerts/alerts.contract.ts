// Alerts: red banners across the top of the signed-in app and dashboard
// alerts (also on the login screen when they are for every company). Administrators write
// them; a company user reads those published for their company or for every company.
import * as v from 'valibot';
import type { ListResponse } from '../../shared/list';
import { multilineTextField, requiredTextField } from '../../shared/validators';

export const ALERT_KINDS = ['banner', 'dashboard'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const SHORT_MESSAGE_MAX_LENGTH = 200;
export const LONG_MESSAGE_MAX_LENGTH = 10_000;

/** The permission administrators hold globally to write alerts of both kinds. */
export const ALERTS_ENDPOINT = '/api/alerts';

export const alertPaths = {
  /** Company users: published banners. Administrators: every alert (filter `kind`). */
  alerts: '/api/alerts',
  alert: (id: string) => `/api/alerts/${encodeURIComponent(id)}`,
  publish: (id: string) => `/api/alerts/${encodeURIComponent(id)}/publish`,
  /** Company users: published dashboard alerts. Administrators: every dashboard alert. */
  dashboardAlerts: '/api/dashboard-alerts',
  dashboardAlert: (id: string) => `/api/dashboard-alerts/${encodeURIComponent(id)}`,
  /** Without a session: published dashboard alerts for every company (the login screen). */
  publicDashboardAlerts: '/api/public/dashboard-alerts',
} as const;

/** What a company user (and the login screen) sees: the fields and the kind. */
export type Alert = {
  id: string;
  kind: AlertKind;
  short_message: string;
  /** Sanitised, allow-listed HTML. */
  long_message: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

export const ALERT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** What administrators see: the target company (null = every company) and the status. */
export type AdminAlert = Alert & {
  company_id: string | null;
  company_name: string | null;
  status: AlertStatus;
};

export type AlertList = ListResponse<Alert>;
export type AdminAlertList = ListResponse<AdminAlert>;

const isoDateTime = v.pipe(
  v.string('This is not a valid date.'),
  v.check((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), 'This is not a valid date.'),
);

export const CreateAlertInputSchema = v.object(
  {
    kind: v.picklist(ALERT_KINDS, 'Field is required.'),
    short_message: requiredTextField({ maxLength: SHORT_MESSAGE_MAX_LENGTH }),
    // Not trimmed: the long message's layout is the author's.
    long_message: v.optional(multilineTextField({ maxLength: LONG_MESSAGE_MAX_LENGTH, untrimmed: true }), ''),
    /** null = every company. */
    company_id: v.nullish(v.pipe(v.string('This is not a valid company.'), v.uuid('This is not a valid company.')), null),
    /** null = draft; a future date = scheduled. */
    published_at: v.nullish(isoDateTime, null),
    // A missing key gets the object's message: the same "Field is required." as an empty one.
  },
  'Field is required.',
);
export type CreateAlertInput = v.InferInput<typeof CreateAlertInputSchema>;
export type CreateAlertValues = v.InferOutput<typeof CreateAlertInputSchema>;

export type UpdateAlertInput = CreateAlertInput;

/** Dashboard-alerts writes carry no kind: it is the resource's. */
export const DashboardAlertInputSchema = v.omit(CreateAlertInputSchema, ['kind']);
export type DashboardAlertInput = v.InferInput<typeof DashboardAlertInputSchema>;

export const FindAlertsQuerySchema = v.object({
  kind: v.optional(v.array(v.picklist(ALERT_KINDS, 'Unknown kind.'))),
});

export type FindAlertsQuery = v.InferOutput<typeof FindAlertsQuerySchema>;
