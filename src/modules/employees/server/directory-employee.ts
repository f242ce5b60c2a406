// Adding a person and changing their basic record. Managers (department scope) work inside
// their departments; only company scope chooses roles and authorised contacts, never above
// the caller's own role; an e-mail address belongs to one account across every company. A
// sign-in e-mail changes only at company scope and, once the person has been invited, only
// when the new address confirms it (the identity module's link).
import type * as v from 'valibot';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { announcePersonAdded, type ServerModule } from '../../../server/server-module';
import { AppError, type FieldErrors } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import { roleRank, scopeRank, type Scope } from '../../../shared/scopes';
import {
  DIRECTORY_INVALIDATES,
  EMAIL_CHANGE_REFUSED,
  EMAIL_TAKEN,
  ROLE_CHANGE_REFUSED,
  type CreateEmployeeInputSchema,
  type UpdateEmployeeInputSchema,
  type UserBasic,
} from '../directory.contract';
import { mayChangeSignInEmail } from '../employees.policy';
import { askNewAddressToConfirm, forgetOldAddressLinks, type EmailChangeDeps } from './directory-email-change';
import { withPerson, type PersonContext } from '../../../server/http/person-access';
import { getUserBasic } from './directory.queries';
import {
  countOwned,
  findRoleIdByName,
  findRoleRank,
  getBasicRow,
  insertEmployee,
  isEmailTaken,
  updateBasicRow,
  type BasicRow,
} from './directory-writes.queries';

export type CreateInput = v.InferOutput<typeof CreateEmployeeInputSchema>;
export type UpdateInput = v.InferOutput<typeof UpdateEmployeeInputSchema>;

const UNKNOWN = 'Unknown item.';
const companyWide = (scope: Scope) => scopeRank(scope) >= scopeRank('company');
const blank = (value: string | null | undefined) => (value ? value : null);

export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  return withSystem(db, (trx) => isEmailTaken(trx, { email, ...(exceptUserId ? { exceptUserId } : {}) }));
}

/** 422 field errors for a department, location or role that is not the company's. */
async function unknownReferences(
  trx: Trx,
  companyId: string,
  input: { department_id?: string | null; location_id?: string | null; role_id?: string | null },
) {
  const errors: FieldErrors = {};
  const checks = [
    ['department_id', 'departments', input.department_id],
    ['location_id', 'company_locations', input.location_id],
    ['role_id', 'roles', input.role_id],
  ] as const;
  for (const [field, table, id] of checks) {
    if (id && (await countOwned(trx, { table, companyId, ids: [id] })) === 0) errors[field] = [UNKNOWN];
  }
  return errors;
}

/** The server's checks of the add form beyond its schema (the validate call and the create share them). */
export async function checkNewEmployee(db: Db, companyId: string | null, input: CreateInput): Promise<FieldErrors> {
  const errors: FieldErrors = companyId ? await withTenant(db, companyId, (trx) => unknownReferences(trx, companyId, input)) : {};
  if (await emailTaken(db, input.email)) errors.email = [EMAIL_TAKEN];
  return errors;
}

/** Two writes of one address at once: the unique index decides, and the loser hears why. */
function emailRace(error: unknown): never {
  if ((error as { constraint?: string }).constraint === 'users_email_uq') throw AppError.validation({ email: [EMAIL_TAKEN] });
  throw error;
}

/** The department-scope rule: a manager places people only in one of their own departments. */
function requireOwnDepartment(session: Session, scope: Scope, departmentId: string | null | undefined): void {
  if (scope !== 'department') return;
  if (!departmentId) throw AppError.validation({ department_id: ['Field is required.'] });
  if (!session.departmentIds.includes(departmentId)) throw AppError.forbidden();
}

export async function createEmployee(options: {
  db: Db;
  /** The app's modules: each sets up its part for the new person (onPersonAdded). */
  modules: readonly ServerModule[];
  caller: AuditCaller;
  scope: Scope;
  companyId: string;
  input: CreateInput;
}): Promise<string> {
  const { db, modules, caller, scope, companyId, input } = options;
  const { session } = caller;
  requireOwnDepartment(session, scope, input.department_id);
  if (input.role_id && !companyWide(scope)) throw AppError.forbidden();
  const errors = await checkNewEmployee(db, companyId, input);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return withTenant(db, companyId, async (trx) => {
    const roleId = input.role_id ?? (await findRoleIdByName(trx, { companyId, name: 'Employee' })) ?? null;
    const jobTitle = blank(input.job_title);
    const userId = await insertEmployee(trx, {
      companyId,
      firstName: input.first_name,
      middleNames: blank(input.middle_names),
      surname: input.surname,
      email: input.email,
      departmentId: input.department_id ?? null,
      locationId: input.location_id ?? null,
      roleId,
      jobTitle,
      startDate: input.start_date ?? null,
      jobStartDate: input.start_date ?? londonDate(new Date()),
    }).catch(emailRace);
    await auditCaller(trx, caller, {
      companyId,
      action: 'user.created',
      targetType: 'user',
      targetId: userId,
      details: { department_id: input.department_id ?? null, role_id: roleId, job_title: jobTitle, start_date: input.start_date ?? null },
    });
    await announcePersonAdded(modules, trx, { companyId, userId, startDate: input.start_date ?? null, actorId: session.userId });
    await publish(trx, { channel: companyChannel(companyId), event: 'user-basic', invalidates: DIRECTORY_INVALIDATES.people, companyId });
    return userId;
  });
}

const FIELDS = [
  'first_name',
  'middle_names',
  'surname',
  'email',
  'mobile',
  'department_id',
  'location_id',
  'role_id',
  'authorised_contact',
] as const;

/** The fields whose value the update really changes (a form sends everything back). */
function changesOf(current: BasicRow, input: UpdateInput): Partial<BasicRow> {
  const change: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const next = typeof value === 'string' && field !== 'first_name' && field !== 'surname' && field !== 'email' ? blank(value) : value;
    if (next !== current[field]) change[field] = next;
  }
  return change as Partial<BasicRow>;
}

/**
 * A role is changed only by company scope, and never for someone ranking above the caller
 * nor to a role ranking above the caller's: an HR admin cannot demote an owner, nor make
 * anyone (themselves included) an owner.
 */
async function checkRoleChange(context: PersonContext, roleId: string | null): Promise<void> {
  const actorRank = roleRank(context.session.permissions);
  if (context.subject.rank > actorRank) throw AppError.forbidden(ROLE_CHANGE_REFUSED);
  const target = roleId ? await findRoleRank(context.trx, { companyId: context.subject.companyId, roleId }) : undefined;
  if (target !== undefined && target > actorRank) throw AppError.forbidden(ROLE_CHANGE_REFUSED);
}

/** Someone who has set up their account signs in with the address: a new one must confirm first. */
const needsConfirmation = (status: string) => status !== 'pending' && status !== 'invited';

export async function updateEmployee(options: {
  db: Db;
  emailChange: EmailChangeDeps;
  caller: AuditCaller;
  userId: string;
  input: UpdateInput;
}): Promise<UserBasic | undefined> {
  const { db, caller, userId, input } = options;
  const { session } = caller;
  let mailQueued = false;
  // Looked up before the person's transaction (the system scope sees every company) but told
  // only once the caller may change this person at all.
  const taken = input.email !== undefined && (await emailTaken(db, input.email, userId));
  const updated = await withPerson(db, { session, userId, endpoint: '/api/user-basic', method: 'PUT' }, async (context) => {
    const { trx, subject, level } = context;
    const companyId = subject.companyId;
    const current = await getBasicRow(trx, { companyId, userId });
    if (!current) throw AppError.notFound();
    const change = changesOf(current, input);
    if (change.email !== undefined && !mayChangeSignInEmail({ permissions: session.permissions, actor: context.actor, subject })) {
      throw AppError.forbidden(EMAIL_CHANGE_REFUSED);
    }
    if ((change.role_id !== undefined || change.authorised_contact !== undefined) && !companyWide(level)) throw AppError.forbidden();
    if (change.role_id !== undefined) await checkRoleChange(context, change.role_id);
    if (level === 'own' && (change.department_id !== undefined || change.location_id !== undefined)) throw AppError.forbidden();
    if (change.department_id !== undefined) requireOwnDepartment(session, level, change.department_id);
    const errors = await unknownReferences(trx, companyId, change);
    if (taken && change.email !== undefined) errors.email = [EMAIL_TAKEN];
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    // A change of letter case only is the same mailbox; any other waits for the new address.
    const newEmail = change.email;
    const newAddress = newEmail !== undefined && newEmail.toLowerCase() !== current.email.toLowerCase();
    if (newAddress && !needsConfirmation(subject.status)) await forgetOldAddressLinks(trx, options.emailChange, userId);
    if (newAddress && needsConfirmation(subject.status)) {
      delete change.email;
      await askNewAddressToConfirm(trx, { deps: options.emailChange, caller, companyId, userId, newEmail });
      mailQueued = true;
      if (Object.keys(change).length === 0) {
        await publish(trx, {
          channel: companyChannel(companyId),
          event: 'user-basic',
          invalidates: DIRECTORY_INVALIDATES.people,
          companyId,
        });
      }
    }
    if (Object.keys(change).length > 0) {
      await updateBasicRow(trx, { companyId, userId, change }).catch(emailRace);
      const from = Object.fromEntries(Object.keys(change).map((key) => [key, current[key as keyof BasicRow]]));
      await auditCaller(trx, caller, {
        companyId,
        action: 'user.updated',
        targetType: 'user',
        targetId: userId,
        details: { from, to: change },
      });
      await publish(trx, { channel: companyChannel(companyId), event: 'user-basic', invalidates: DIRECTORY_INVALIDATES.people, companyId });
    }
    return getUserBasic(trx, { companyId, userId });
  });
  if (mailQueued) options.emailChange.wakeMail();
  return updated;
}
