// The employee directory and the basic record (/employees, §3 users / user-basic):
// the list with its search, filters, sort and paging, adding an employee (with an optional
// invitation), the basic record's edit, bulk actions, exports, termination and its cancel,
// "Meet the team", the onboarding checklist and a person's audit history. The single truth
// for client, server and tests.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { RequiredEmailFieldSchema } from '../../shared/email-field';
import { multilineTextField, requiredTextField, searchField, textField } from '../../shared/validators';
import type { PersonAccessValue } from '../companies/setup.contract';
import { DIRECTORY_SORTS, EMPLOYEE_STATUSES, type EmployeeStatus } from './directory-values';
import { PEOPLE_SEARCH_PATH } from '../../shared/people-search';

export const USER_BASIC_ENDPOINT = '/api/user-basic';

export const directoryPaths = {
  userBasic: PEOPLE_SEARCH_PATH,
  userBasicRecord: (id: string) => `/api/user-basic/${encodeURIComponent(id)}`,
  /** "GET user by id (with role, company; also for the avatar)". */
  user: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  bulk: '/api/user-basic/bulk',
  validate: '/api/user-basic/validate',
  export: '/api/user-export',
  terminate: '/api/user-terminate',
  cancelTermination: '/api/user-cancel-termination',
  meetTheTeam: '/api/user-meet-the-team',
  setupComplete: (userId: string) => `/api/user-setup-complete/${encodeURIComponent(userId)}`,
  auditLog: '/api/audit-log',
  roles: '/api/role',
} as const;

const PEOPLE = ['user-basic', 'users', 'user-meet-the-team', 'user-setup-complete', 'audit-log'] as const;
/**
 * What each kind of directory write makes stale, as resource names: the server's realtime event
 * of the write lists them, and the tab that wrote invalidates the same.
 */
export const DIRECTORY_INVALIDATES = {
  /** Added, edited, invited, moved to a department in bulk, the onboarding checklist completed. */
  people: PEOPLE,
  /** Tags added or removed in bulk. */
  tags: [...PEOPLE, 'user-user-tags'],
  /** Terminated (now, when due, or cancelled): the job title's end moves too. */
  termination: [...PEOPLE, 'user-job-title'],
} as const;

export { DIRECTORY_SORTS, EMPLOYEE_STATUSES, type DirectorySort, type EmployeeStatus } from './directory-values';
/** The directory's default filter: everyone but terminated people (who stay searchable). */
export const DEFAULT_DIRECTORY_STATUSES: readonly EmployeeStatus[] = ['pending', 'invited', 'active', 'locked'];

const uuid = v.pipe(v.string('Field is required.'), v.uuid('Unknown item.'));
/** tag_ids and status are always sent as lists; a single value is wrapped into one. */
const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );

/**
 * GET /api/user-basic and GET /api/user-export: the same filters. `search` matches first,
 * middle and last names and the e-mail; with a search and no status filter terminated people
 * are found too, without either the default statuses apply.
 */
export const DirectoryQuerySchema = v.object({
  search: searchField(),
  status: v.optional(listOf(v.picklist(EMPLOYEE_STATUSES, 'Unknown status.'))),
  department_id: v.optional(listOf(uuid)),
  location_id: v.optional(listOf(uuid)),
  tag_ids: v.optional(listOf(uuid)),
  sort: v.optional(v.picklist(DIRECTORY_SORTS, 'Unknown sort.')),
});
export type DirectoryQuery = v.InferOutput<typeof DirectoryQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportQuerySchema = v.object({
  ...DirectoryQuerySchema.entries,
  format: v.optional(v.picklist(EXPORT_FORMATS, 'Unknown format.')),
});
export type ExportQuery = v.InferOutput<typeof ExportQuerySchema>;
/** The columns of an export, in order: the directory's basic fields only, never special-category ones. */
export const EXPORT_COLUMNS = [
  'First name',
  'Middle names',
  'Surname',
  'E-mail',
  'Status',
  'Job title',
  'Department',
  'Location',
  'Start date',
  'Tags',
  'Termination date',
] as const;

type Named = { id: string; name: string };
export type ProfileImageRef = { id: string; name: string; original_name: string; created_at: string; is_public: boolean } | null;

/** One row of the directory. */
export type DirectoryEntry = {
  id: string;
  first_name: string;
  middle_names: string | null;
  surname: string;
  email: string;
  status: EmployeeStatus;
  job_title: string | null;
  department: Named | null;
  location: Named | null;
  tags: (Named & { colour: string })[];
  start_date: string | null;
  termination_date: string | null;
  profile_image: ProfileImageRef;
};
export type DirectoryPage = { results: DirectoryEntry[]; count: number; next_offset: number };

/** GET /api/user-basic/{id} and /api/users/{id}: the basic record (User). */
export type UserBasic = DirectoryEntry & {
  company_id: string;
  department_id: string | null;
  departments: string[];
  mobile: string | null;
  authorised_contact: boolean;
  role: { id: string; name: string } | null;
  company: { id: string; name: string; number: string | null; sector_name: string | null };
  line_managers: { id: string; first_name: string; surname: string }[];
  termination_reason: Named | null;
  termination_notes: string | null;
  setup_completed_at: string | null;
  /** A new sign-in address waiting for its own confirmation; `email` stays the sign-in address until then. */
  pending_email: string | null;
  /** Their own sign-in access (PUT /api/user-access/{id}): on hold or disabled refuses their sign-in. */
  access: PersonAccessValue;
};

const optionalUuid = v.optional(v.nullable(uuid));
// v.isoDate checks the shape only: '2026-02-30' would reach PostgreSQL, so the real calendar is checked too.
const isoDate = v.pipe(v.string('Field is required.'), v.isoDate('Please enter a date.'), v.check(isIsoDate, 'Please enter a date.'));

/** POST /api/user-basic: the minimum to add someone, and whether to e-mail them an invitation. */
export const CreateEmployeeInputSchema = v.object({
  first_name: requiredTextField({ maxLength: 100 }),
  middle_names: v.optional(textField({ maxLength: 100 })),
  surname: requiredTextField({ maxLength: 100 }),
  email: RequiredEmailFieldSchema,
  department_id: optionalUuid,
  location_id: optionalUuid,
  job_title: v.optional(textField({ maxLength: 100 })),
  start_date: v.optional(v.nullable(isoDate)),
  /** Only company scope chooses a role; otherwise the company's Employee role. */
  role_id: optionalUuid,
  send_invitation: v.optional(v.boolean(), false),
});
export type CreateEmployeeInput = v.InferInput<typeof CreateEmployeeInputSchema>;

/** PUT /api/user-basic/{id}: fields given are changed. */
export const UpdateEmployeeInputSchema = v.object({
  first_name: v.optional(requiredTextField({ maxLength: 100 })),
  middle_names: v.optional(v.nullable(textField({ maxLength: 100 }))),
  surname: v.optional(requiredTextField({ maxLength: 100 })),
  email: v.optional(RequiredEmailFieldSchema),
  mobile: v.optional(
    v.nullable(textField({ maxLength: 20, pattern: { regex: /^\+?[0-9 ]{6,20}$/, message: 'This is not a valid phone number.' } })),
  ),
  department_id: optionalUuid,
  location_id: optionalUuid,
  role_id: optionalUuid,
  authorised_contact: v.optional(v.boolean()),
});
export type UpdateEmployeeInput = v.InferInput<typeof UpdateEmployeeInputSchema>;

/** E-mail already used by another account (addresses are unique across companies). */
export const EMAIL_TAKEN = 'This e-mail address is already used by another account.';
/** PUT /api/user-basic: 403 for a change of e-mail by someone below company scope, or over a higher role. */
export const EMAIL_CHANGE_REFUSED =
  'Only an owner or HR admin can change a sign-in e-mail address, and never that of someone in a higher role.';
/** PUT /api/user-basic: 403 for a role change of, or to, a role higher than the caller's. */
export const ROLE_CHANGE_REFUSED = 'You cannot change the role of someone in a higher role than yours, or give a role higher than yours.';

export const BULK_ACTIONS = ['add_tags', 'remove_tags', 'set_department', 'invite'] as const;
const userIds = v.pipe(v.array(uuid), v.minLength(1, 'Choose at least one employee.'), v.maxLength(500, 'Choose at most 500 employees.'));
/** POST /api/user-basic/bulk: all or nothing — one person out of reach refuses the whole action. */
export const DirectoryBulkSchema = v.variant('action', [
  v.object({
    action: v.literal('add_tags'),
    data: v.object({ user_ids: userIds, tag_ids: v.pipe(v.array(uuid), v.minLength(1, 'Choose at least one tag.')) }),
  }),
  v.object({
    action: v.literal('remove_tags'),
    data: v.object({ user_ids: userIds, tag_ids: v.pipe(v.array(uuid), v.minLength(1, 'Choose at least one tag.')) }),
  }),
  v.object({ action: v.literal('set_department'), data: v.object({ user_ids: userIds, department_id: uuid }) }),
  v.object({ action: v.literal('invite'), data: v.object({ user_ids: userIds }) }),
]);
export type DirectoryBulkInput = v.InferInput<typeof DirectoryBulkSchema>;
export type DirectoryBulkResult = { action: (typeof BULK_ACTIONS)[number]; updated: number };

/** POST /api/user-terminate: the person keeps access until the date (inclusive). */
export const TerminateInputSchema = v.object({
  user_id: uuid,
  termination_date: isoDate,
  termination_reason_id: uuid,
  notes: v.optional(multilineTextField({ maxLength: 2000 })),
});
export type TerminateInput = v.InferInput<typeof TerminateInputSchema>;
export const CancelTerminationInputSchema = v.object({ user_id: uuid });
export const CANNOT_TERMINATE_SELF = 'You cannot terminate your own employment.';
export const NOT_TERMINATING = 'This employee has no termination to cancel.';

/** GET /api/user-meet-the-team: every colleague's card, for any user of the company. */
export const MeetTheTeamQuerySchema = v.object({
  search: searchField(),
  department_id: v.optional(listOf(uuid)),
});
export type TeamMember = {
  id: string;
  first_name: string;
  surname: string;
  job_title: string | null;
  department: Named | null;
  location: Named | null;
  about: string | null;
  profile_image: ProfileImageRef;
};

/** GET /api/user-setup-complete/{userId}: the onboarding checklist; POST marks it complete. */
export type SetupStep = { key: string; label: string; done: boolean };
export type SetupChecklist = { user_id: string; complete: boolean; completed_at: string | null; steps: SetupStep[] };

/** GET /api/audit-log?target_id=: one person's history (company scope on user-basic). */
export const AuditLogQuerySchema = v.object({ target_id: uuid });
export type AuditLogEntry = {
  id: string;
  action: string;
  actor: { id: string; first_name: string; surname: string } | null;
  impersonated: boolean;
  details: Record<string, unknown> | null;
  created_at: string;
};

/** GET /api/role: the company's roles, for choosing one. */
export type RoleOption = { id: string; name: string };
