// The incident log (accident book): what a record holds, the RIDDOR answers and the report
// made to the regulator. Resource `incident-log`, permission /api/incident-log.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import type { ListResponse } from '../../shared/list';
import { emptyToNull, fieldMessages, multilineTextField, searchField, textField } from '../../shared/validators';
import { RIDDOR_CATEGORIES, SPECIFIED_INJURIES, type RiddorCategory, type SpecifiedInjury } from './riddor';

export const INCIDENT_RESOURCE = 'incident-log';
export const INCIDENT_ENDPOINT = '/api/incident-log';
export const INCIDENT_ROUTES = { list: '/incident-logs', report: '/incident-logs/new', detail: '/incident-log/$id' } as const;
export const INCIDENT_INVALIDATES = [INCIDENT_RESOURCE, 'hs-task'] as const;

export const incidentPaths = {
  resource: (id?: string) => `/api/${INCIDENT_RESOURCE}${id ? `/${id}` : ''}`,
  exportCsv: `/api/${INCIDENT_RESOURCE}/export`,
  files: (id: string) => `/api/${INCIDENT_RESOURCE}/${id}/files`,
  file: (id: string, fileId: string) => `/api/${INCIDENT_RESOURCE}/${id}/files/${fileId}`,
  riddorReport: (id: string) => `/api/${INCIDENT_RESOURCE}/${id}/riddor-report`,
  absences: (id: string) => `/api/${INCIDENT_RESOURCE}/${id}/absences`,
};

/** Incident records are kept at least this long from the date of the record, then offered for deletion. */
export const RETENTION_YEARS = 3;

export const incidentMessages = {
  date: 'This is not a valid date.',
  dateTime: 'This is not a valid date and time.',
  future: 'The incident cannot be in the future.',
  unknown: 'Unknown item.',
  personName: 'Give the name of the person involved.',
  personEmployee: 'Choose the employee involved.',
  absence: 'Choose a sickness absence of the person involved.',
  notEmployee: 'Only an employee’s sickness absence can be linked.',
  photoType: 'Attach a photo (JPEG, PNG, HEIC) or a PDF.',
  retention: `An incident record is kept for ${RETENTION_YEARS} years from its date before it can be deleted.`,
  reportedBeforeIncident: 'The report cannot be dated before the incident.',
} as const;

const lines = (maxLength: number) => v.nullish(v.pipe(multilineTextField({ maxLength }), emptyToNull), null);
const line = (maxLength: number) => v.nullish(v.pipe(textField({ maxLength }), emptyToNull), null);
const requiredLine = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField({ maxLength }));
const requiredLines = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), multilineTextField({ maxLength }));
const nullableDate = v.nullish(
  v.pipe(
    v.string(incidentMessages.date),
    v.trim(),
    v.check((x) => x === '' || isIsoDate(x), incidentMessages.date),
    emptyToNull,
  ),
  null,
);
const nullableId = v.nullish(
  v.pipe(
    v.string(incidentMessages.unknown),
    v.trim(),
    v.check((x) => x === '' || isUuid(x), incidentMessages.unknown),
    emptyToNull,
  ),
  null,
);
const bool = v.optional(v.boolean(fieldMessages.required), false);
const FUTURE_GRACE_MS = 5 * 60_000;
/** An ISO 8601 date-time (the phone sends its local time with its offset, or UTC), not in the future. */
const instant = v.pipe(
  v.string(fieldMessages.required),
  v.trim(),
  v.nonEmpty(fieldMessages.required),
  v.check(
    (x) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(x) && !Number.isNaN(Date.parse(x)),
    incidentMessages.dateTime,
  ),
  // A few minutes' grace for a phone's clock running ahead of the server's.
  v.check((x) => Date.parse(x) <= Date.now() + FUTURE_GRACE_MS, incidentMessages.future),
);

const incidentFields = {
  occurred_at: instant,
  location: requiredLine(200),
  person_kind: v.picklist(['employee', 'other'], fieldMessages.required),
  person_user_id: nullableId,
  person_name: line(200),
  person_contact: line(300),
  person_is_worker: v.optional(v.boolean(fieldMessages.required), true),
  what_happened: requiredLines(5000),
  injury: lines(1000),
  body_part: line(200),
  treatment: lines(1000),
  taken_to_hospital: bool,
  witnesses: lines(1000),
  immediate_actions: lines(2000),
  death: bool,
  specified_injury: v.nullish(v.picklist(SPECIFIED_INJURIES, incidentMessages.unknown), null),
  dangerous_occurrence: bool,
  occupational_disease: bool,
  diagnosed_on: nullableDate,
  incapacity_last_day: nullableDate,
};

type PersonPart = { person_kind: string; person_user_id: string | null; person_name: string | null };
const personChecked = <T extends PersonPart>(schema: v.GenericSchema<unknown, T>) =>
  v.pipe(
    schema,
    v.rawCheck<T>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      if (input.person_kind === 'employee' && input.person_user_id === null) {
        addIssue({
          message: incidentMessages.personEmployee,
          path: [{ type: 'object', origin: 'value', input, key: 'person_user_id', value: input.person_user_id }],
        });
      }
      if (input.person_kind === 'other' && input.person_name === null) {
        addIssue({
          message: incidentMessages.personName,
          path: [{ type: 'object', origin: 'value', input, key: 'person_name', value: input.person_name }],
        });
      }
    }),
  );

export const CreateIncidentInputSchema = personChecked(v.object(incidentFields));
export type CreateIncidentInput = v.InferOutput<typeof CreateIncidentInputSchema>;

export const UpdateIncidentInputSchema = personChecked(v.object({ ...incidentFields, absence_id: nullableId }));
export type UpdateIncidentInput = v.InferOutput<typeof UpdateIncidentInputSchema>;

export const RiddorReportInputSchema = v.object({
  reference: requiredLine(60),
  reported_on: v.pipe(
    v.string(fieldMessages.required),
    v.trim(),
    v.nonEmpty(fieldMessages.required),
    v.check(isIsoDate, incidentMessages.date),
  ),
});
export type RiddorReportInput = v.InferOutput<typeof RiddorReportInputSchema>;

export const RIDDOR_STATUSES = ['reportable', 'reported', 'record_only', 'not_reportable'] as const;
export type RiddorStatus = (typeof RIDDOR_STATUSES)[number];
export const RIDDOR_STATUS_LABELS: Record<RiddorStatus, string> = {
  reportable: 'To report',
  reported: 'Reported',
  record_only: 'Record only',
  not_reportable: 'Not reportable',
};

const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );
const optionalDate = v.optional(
  v.pipe(
    v.string(incidentMessages.date),
    v.trim(),
    v.check((x) => x === '' || isIsoDate(x), incidentMessages.date),
  ),
);

export const IncidentListQuerySchema = v.object({
  riddor: v.optional(listOf(v.picklist(RIDDOR_STATUSES, incidentMessages.unknown))),
  from: optionalDate,
  to: optionalDate,
  search: searchField(),
  /** '1': only records past their retention, offered for deletion. */
  retention_due: v.optional(v.picklist(['0', '1'], incidentMessages.unknown)),
});
export type IncidentListQuery = v.InferOutput<typeof IncidentListQuerySchema>;

export type IncidentPerson = {
  kind: 'employee' | 'other';
  user_id: string | null;
  name: string;
  contact: string | null;
  is_worker: boolean;
};

/** As GET /api/incident-log/{id} returns it (SPEC: deadline null when "without delay" or not reportable). */
export type Riddor = {
  category: RiddorCategory | null;
  reportable: boolean;
  deadline: string | null;
  /** For what is reported without delay, the day the written report is due (10 days after the incident). */
  written_report_due: string | null;
  incapacity_days: number;
  /** Where the day count came from: the linked sickness absence, the typed last day, or none. */
  days_from: 'absence' | 'entered' | null;
  status: RiddorStatus;
  reported_on: string | null;
  reference: string | null;
};

export type Incident = {
  id: string;
  occurred_at: string;
  location: string;
  person: IncidentPerson;
  what_happened: string;
  taken_to_hospital: boolean;
  riddor: Riddor;
  /** Who reported it: their own records (reported by them or about them) may be kept on their phone. */
  reported_by_id: string | null;
  reported_by_name: string | null;
  created_at: string;
  retention_until: string;
};

export type IncidentFile = { id: string; name: string; mime_type: string; download_path: string; created_at: string };
export type IncidentAction = { id: string; title: string; due_date: string; status: 'open' | 'done'; assignee_name: string };
export type LinkedAbsence = { id: string; start_date: string; end_date: string | null; returned_on: string | null };

export type IncidentDetail = Incident & {
  injury: string | null;
  body_part: string | null;
  treatment: string | null;
  witnesses: string | null;
  immediate_actions: string | null;
  death: boolean;
  specified_injury: SpecifiedInjury | null;
  dangerous_occurrence: boolean;
  occupational_disease: boolean;
  diagnosed_on: string | null;
  incapacity_last_day: string | null;
  absence: LinkedAbsence | null;
  files: IncidentFile[];
  actions: IncidentAction[];
  can_edit: boolean;
};

export type IncidentList = ListResponse<Incident>;
export { RIDDOR_CATEGORIES };
