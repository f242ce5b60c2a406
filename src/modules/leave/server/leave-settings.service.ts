// Leave and absences — policies-and-periods part: leave types, policy templates, company leave
// settings, blocked dates, bank holidays. Every company user reads them (forms and screens
// need them); owners and HR admins (company scope of each endpoint) change them. Names are
// unique in a company (422), built-in types are never deleted and anything in use cannot go
// (409 with the count); every write is audited and invalidates the resource for the company.
import type * as v from 'valibot';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { companyNameTaken, deleteCompanyRow } from '../../../server/db/company-rows.queries';
import type { Trx } from '../../../server/db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../../server/db/pg-errors';
import { inCompany } from '../../../server/http/company';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import type { Paging } from '../../../shared/list';
import { bankHolidaysFor } from '../bank-holidays';
import {
  type BankHoliday,
  type BankHolidayQuerySchema,
  type BankHolidayRegionEntry,
  type BlockedDatePeriodInputSchema,
  type BlockedDateQuerySchema,
  type CompanyBankHolidayInputSchema,
  type CompanyLeaveSettingsInputSchema,
  type LeaveTypeInputSchema,
  type PolicyTemplateInputSchema,
} from '../leave-settings.contract';
import {
  BANK_HOLIDAY_REGION_LABELS,
  BANK_HOLIDAY_REGIONS,
  LEAVE_INVALIDATES,
  LEAVE_RESOURCES,
  leaveMessages,
  type LeaveSettingsResource,
} from '../leave.contract';
import type { LeaveCaller } from './settings-access';
import * as q from './settings.queries';

const DUPLICATE_NAME = 'This name is already used.';
const page = <T>(rows: T[], paging: Paging) => ({ results: rows.slice(paging.offset, paging.offset + paging.limit), count: rows.length });

/** The audit-and-publish input of a write to `resource`, which refetches what the contract says it makes stale. */
const writeOf = (resource: LeaveSettingsResource) => (caller: LeaveCaller, companyId: string, action: string, id: string) => ({
  caller,
  companyId,
  action: `${resource}.${action}`,
  targetType: resource,
  targetId: id,
  invalidates: LEAVE_INVALIDATES.settings[resource],
});

/** A unique violation that slipped past the check (two saves at once) is the same 422. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ name: [DUPLICATE_NAME] });
    throw error;
  }
}

/** Turns the foreign-key violation of a delete that lost a race with a new use into the in-use 409. */
async function stillInUse<T>(message: string, remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('conflict', { message });
    throw error;
  }
}

// ---- Leave types ----------------------------------------------------------------------------

const typeWrite = writeOf(LEAVE_RESOURCES.leaveType);
type LeaveTypeValues = v.InferOutput<typeof LeaveTypeInputSchema>;

export const listLeaveTypes = (caller: LeaveCaller, input: { named: string | undefined; includeArchived: boolean; paging: Paging }) =>
  inCompany({ ...caller, named: input.named }, async (trx, companyId) =>
    page(await q.listLeaveTypes(trx, { companyId, includeArchived: input.includeArchived }), input.paging),
  );

export const getLeaveType = (caller: LeaveCaller, id: string) =>
  inCompany(caller, (trx, companyId) => q.getLeaveType(trx, { companyId, id }));

export const createLeaveType = (caller: LeaveCaller, input: { named: string | undefined; values: LeaveTypeValues }) =>
  uniqueName(() =>
    inCompany({ ...caller, named: input.named }, async (trx, companyId) => {
      if (await companyNameTaken(trx, { table: 'leave_types', companyId, value: input.values.name }))
        throw AppError.validation({ name: [DUPLICATE_NAME] });
      const created = await q.insertLeaveType(trx, { companyId, values: input.values });
      await recordCompanyWrite(trx, typeWrite(caller, companyId, 'created', created.id));
      return created;
    }),
  );

export const updateLeaveType = (caller: LeaveCaller, input: { id: string; values: LeaveTypeValues }) =>
  uniqueName(() =>
    inCompany(caller, async (trx, companyId) => {
      const { id, values } = input;
      if (!(await q.getLeaveType(trx, { companyId, id }))) return null;
      if (await companyNameTaken(trx, { table: 'leave_types', companyId, value: values.name, exceptId: id })) {
        throw AppError.validation({ name: [DUPLICATE_NAME] });
      }
      const updated = await q.updateLeaveType(trx, { companyId, id, values });
      if (updated) await recordCompanyWrite(trx, typeWrite(caller, companyId, 'updated', id));
      return updated;
    }),
  );

// An absence of this type booked between the count and the delete is the same 409.
export const deleteLeaveType = (caller: LeaveCaller, id: string) =>
  stillInUse(leaveMessages.leaveTypeInUse(1), () =>
    inCompany(caller, async (trx, companyId) => {
      const type = await q.getLeaveType(trx, { companyId, id });
      if (!type) return false;
      if (type.key !== null) throw new AppError('conflict', { message: leaveMessages.builtInNotDeleted });
      const used = await q.countAbsencesOfType(trx, { companyId, id });
      if (used > 0) throw new AppError('conflict', { message: leaveMessages.leaveTypeInUse(used) });
      const deleted = await deleteCompanyRow(trx, { table: 'leave_types', companyId, id });
      if (deleted) await recordCompanyWrite(trx, typeWrite(caller, companyId, 'deleted', id));
      return deleted;
    }),
  );

// ---- Policy templates -----------------------------------------------------------------------

const templateWrite = writeOf(LEAVE_RESOURCES.policyTemplate);
type TemplateValues = v.InferOutput<typeof PolicyTemplateInputSchema>;

export const listTemplates = (caller: LeaveCaller, input: { named: string | undefined; paging: Paging }) =>
  inCompany({ ...caller, named: input.named }, async (trx, companyId) => page(await q.listTemplates(trx, companyId), input.paging));

export const getTemplate = (caller: LeaveCaller, id: string) =>
  inCompany(caller, (trx, companyId) => q.getTemplate(trx, { companyId, id }));

export const createTemplate = (caller: LeaveCaller, input: { named: string | undefined; values: TemplateValues }) =>
  uniqueName(() =>
    inCompany({ ...caller, named: input.named }, async (trx, companyId) => {
      if (await companyNameTaken(trx, { table: 'absence_policy_templates', companyId, value: input.values.name }))
        throw AppError.validation({ name: [DUPLICATE_NAME] });
      const id = await q.insertTemplate(trx, { companyId, values: input.values });
      if (input.values.is_default) await q.clearOtherDefaults(trx, { companyId, exceptId: id });
      await recordCompanyWrite(trx, templateWrite(caller, companyId, 'created', id));
      return q.getTemplate(trx, { companyId, id });
    }),
  );

export const updateTemplate = (caller: LeaveCaller, input: { id: string; values: TemplateValues }) =>
  uniqueName(() =>
    inCompany(caller, async (trx, companyId) => {
      const { id, values } = input;
      if (!(await q.getTemplate(trx, { companyId, id }))) return null;
      if (await companyNameTaken(trx, { table: 'absence_policy_templates', companyId, value: values.name, exceptId: id })) {
        throw AppError.validation({ name: [DUPLICATE_NAME] });
      }
      await q.updateTemplate(trx, { companyId, id, values });
      if (values.is_default) await q.clearOtherDefaults(trx, { companyId, exceptId: id });
      await recordCompanyWrite(trx, templateWrite(caller, companyId, 'updated', id));
      return q.getTemplate(trx, { companyId, id });
    }),
  );

export const deleteTemplate = (caller: LeaveCaller, id: string) =>
  stillInUse(leaveMessages.templateInUse(1), () =>
    inCompany(caller, async (trx, companyId) => {
      const template = await q.getTemplate(trx, { companyId, id });
      if (!template) return false;
      if (template.users_count > 0) throw new AppError('conflict', { message: leaveMessages.templateInUse(template.users_count) });
      const deleted = await deleteCompanyRow(trx, { table: 'absence_policy_templates', companyId, id });
      if (deleted) await recordCompanyWrite(trx, templateWrite(caller, companyId, 'deleted', id));
      return deleted;
    }),
  );

// ---- The company's leave settings -----------------------------------------------------------

export const getLeaveSettings = (caller: Pick<LeaveCaller, 'db' | 'session'>, named: string | undefined) =>
  inCompany({ ...caller, named }, (trx, companyId) => q.getLeaveSettings(trx, companyId));

export const saveLeaveSettings = (
  caller: LeaveCaller,
  input: { named: string | undefined; values: v.InferOutput<typeof CompanyLeaveSettingsInputSchema> },
) =>
  inCompany({ ...caller, named: input.named }, async (trx, companyId) => {
    const resource = LEAVE_RESOURCES.leaveSettings;
    await q.saveLeaveSettings(trx, { companyId, values: input.values });
    await recordCompanyWrite(trx, { ...writeOf(resource)(caller, companyId, 'updated', companyId), details: input.values });
    return q.getLeaveSettings(trx, companyId);
  });

// ---- Blocked dates --------------------------------------------------------------------------

const blockedWrite = writeOf(LEAVE_RESOURCES.blockedDates);
type BlockedValues = v.InferOutput<typeof BlockedDatePeriodInputSchema>;

async function checkDepartment(trx: Trx, companyId: string, id: string | null): Promise<void> {
  if (id !== null && !(await q.departmentInCompany(trx, { companyId, id }))) {
    throw AppError.validation({ department_id: [leaveMessages.unknown] });
  }
}

export const listBlocked = (
  caller: LeaveCaller,
  input: { named: string | undefined; query: v.InferOutput<typeof BlockedDateQuerySchema>; paging: Paging },
) =>
  inCompany({ ...caller, named: input.named }, (trx, companyId) =>
    q.listBlocked(trx, { companyId, from: input.query.from, to: input.query.to, paging: input.paging }),
  );

export const getBlocked = (caller: LeaveCaller, id: string) => inCompany(caller, (trx, companyId) => q.getBlocked(trx, { companyId, id }));

export const createBlocked = (caller: LeaveCaller, input: { named: string | undefined; values: BlockedValues }) =>
  inCompany({ ...caller, named: input.named }, async (trx, companyId) => {
    await checkDepartment(trx, companyId, input.values.department_id);
    const id = await q.insertBlocked(trx, { companyId, values: input.values });
    await recordCompanyWrite(trx, blockedWrite(caller, companyId, 'created', id));
    return q.getBlocked(trx, { companyId, id });
  });

export const updateBlocked = (caller: LeaveCaller, input: { id: string; values: BlockedValues }) =>
  inCompany(caller, async (trx, companyId) => {
    const { id, values } = input;
    if (!(await q.getBlocked(trx, { companyId, id }))) return null;
    await checkDepartment(trx, companyId, values.department_id);
    await q.updateBlocked(trx, { companyId, id, values });
    await recordCompanyWrite(trx, blockedWrite(caller, companyId, 'updated', id));
    return q.getBlocked(trx, { companyId, id });
  });

export const deleteBlocked = (caller: LeaveCaller, id: string) =>
  inCompany(caller, async (trx, companyId) => {
    const deleted = await deleteCompanyRow(trx, { table: 'blocked_date_periods', companyId, id });
    if (deleted) await recordCompanyWrite(trx, blockedWrite(caller, companyId, 'deleted', id));
    return deleted;
  });

// ---- Bank holidays --------------------------------------------------------------------------

export const bankHolidayRegions: BankHolidayRegionEntry[] = BANK_HOLIDAY_REGIONS.map((id) => ({
  id,
  name: BANK_HOLIDAY_REGION_LABELS[id],
}));

/** The shipped days of a region and year as the API shows them. */
const shippedDays = (region: (typeof BANK_HOLIDAY_REGIONS)[number], year: number): BankHoliday[] =>
  bankHolidaysFor(region, year).map((day) => ({
    id: `${day.region}:${day.date}`,
    date: day.date,
    name: day.name,
    region: day.region,
    projected: day.projected,
    company_added: false,
  }));

const bankHolidayWrite = writeOf(LEAVE_RESOURCES.bankHolidays);

/** The shipped days of the year (of one region, or all) and the company's own, by date. */
export const listBankHolidays = (caller: LeaveCaller, input: { query: v.InferOutput<typeof BankHolidayQuerySchema>; paging: Paging }) =>
  inCompany({ ...caller, named: input.query.company_id }, async (trx, companyId) => {
    const year = input.query.year ?? Number(londonDate(new Date()).slice(0, 4));
    const region = input.query.bank_holiday_region_id;
    const shipped = (region ? [region] : BANK_HOLIDAY_REGIONS).flatMap((r) => shippedDays(r, year));
    const own = await q.listCompanyBankHolidays(trx, { companyId, region, from: `${year}-01-01`, to: `${year}-12-31` });
    const days = [...shipped, ...own].sort((a, b) => a.date.localeCompare(b.date) || (a.region ?? '').localeCompare(b.region ?? ''));
    return page(days, input.paging);
  });

export async function createBankHoliday(
  caller: LeaveCaller,
  input: { named: string | undefined; values: v.InferOutput<typeof CompanyBankHolidayInputSchema> },
) {
  try {
    return await inCompany({ ...caller, named: input.named }, async (trx, companyId) => {
      const created = await q.insertCompanyBankHoliday(trx, { companyId, values: input.values });
      await recordCompanyWrite(trx, bankHolidayWrite(caller, companyId, 'created', created.id));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ date: [leaveMessages.bankHolidayExists] });
    throw error;
  }
}

/** Shipped days have ids like "scotland:2025-12-01": found (a 409), never deleted. */
export async function deleteBankHoliday(caller: LeaveCaller, id: string): Promise<boolean> {
  if (/^[a-z-]+:\d{4}-\d{2}-\d{2}$/.test(id)) throw new AppError('conflict', { message: leaveMessages.shippedBankHoliday });
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  return inCompany(caller, async (trx, companyId) => {
    const deleted = await deleteCompanyRow(trx, { table: 'company_bank_holidays', companyId, id });
    if (deleted) await recordCompanyWrite(trx, bankHolidayWrite(caller, companyId, 'deleted', id));
    return deleted;
  });
}
