// The dated records of a person: job titles, contracts, right-to-work checks, pay rates and
// working patterns, each a person-record resource (employment-record-resource.ts) with its own checks
// of the company lists and people it names.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import type * as v from 'valibot';
import type { Trx } from '../../../server/db/database';
import type { FieldErrors } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import {
  CreateContractInputSchema,
  CreateJobTitleInputSchema,
  CreatePayRateInputSchema,
  CreateWorkingPatternInputSchema,
  CreateWorkPermitInputSchema,
  PayRateListQuerySchema,
  RecordListQuerySchema,
  EMPLOYMENT_RECORD_ALSO_INVALIDATES,
  EMPLOYMENT_RECORD_RESOURCES,
  UpdateContractInputSchema,
  UpdateJobTitleInputSchema,
  UpdatePayRateInputSchema,
  UpdateWorkingPatternInputSchema,
  UpdateWorkPermitInputSchema,
  WEEKDAY_FIELDS,
} from '../employment-records.contract';
import { type PersonContext } from '../../../server/http/person-access';
import { announceWorkingPatternChanged } from '../../../server/server-module';
import { mountPersonRecords } from './employment-record-resource';
import * as history from './employment-history.queries';
import * as patterns from './working-patterns.queries';
import * as permits from './work-permits.queries';
import { endRightToWorkTodos } from './work-permit-reminders';
import { findActiveUserIds, findExistingReferences, insertRecord, updateRecord, type ReferenceTable } from './employment-records.queries';

type Reference = { field: string; table: ReferenceTable; id: string | null | undefined; message: string };

/** A field error for each named item that is not one of the company's. */
async function referenceErrors(trx: Trx, companyId: string, references: Reference[]): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const reference of references) {
    if (!reference.id) continue;
    const found = await findExistingReferences(trx, { table: reference.table, companyId, ids: [reference.id] });
    if (!found.has(reference.id)) errors[reference.field] = [reference.message];
  }
  return errors;
}

const scoped = (context: PersonContext) => ({ companyId: context.subject.companyId, userId: context.subject.userId });

export function mountHistoryRecords(app: FastifyInstance, deps: AppDeps): void {
  type JobTitleBody = v.InferOutput<typeof UpdateJobTitleInputSchema>;
  const jobTitleValues = async (context: PersonContext, body: JobTitleBody) => ({
    ...body,
    // Checked before: a position the company has. Its name is the title when none is typed.
    title:
      body.title ??
      (body.position_id
        ? await history.getPositionName(context.trx, { companyId: context.subject.companyId, id: body.position_id })
        : null) ??
      '',
  });
  mountPersonRecords(app, deps, {
    resource: EMPLOYMENT_RECORD_RESOURCES.jobTitle,
    table: 'user_job_titles',
    query: RecordListQuerySchema,
    create: CreateJobTitleInputSchema,
    update: UpdateJobTitleInputSchema,
    alsoInvalidates: EMPLOYMENT_RECORD_ALSO_INVALIDATES[EMPLOYMENT_RECORD_RESOURCES.jobTitle],
    list: async (context, { paging }) => ({
      ...(await history.findJobTitles(context.trx, { ...scoped(context), paging })),
      extra: { latest_termination_date: await history.getLatestTerminationDate(context.trx, scoped(context)) },
    }),
    check: (trx, { companyId, body }) =>
      referenceErrors(trx, companyId, [
        { field: 'position_id', table: 'company_positions', id: body.position_id, message: 'This job title does not exist.' },
      ]),
    insert: async (context, body) =>
      insertRecord(context.trx, { ...scoped(context), table: 'user_job_titles', values: await jobTitleValues(context, body) }),
    write: async (context, { id, body }) =>
      updateRecord(context.trx, { ...scoped(context), table: 'user_job_titles', id, values: await jobTitleValues(context, body) }),
    get: (context, id) => history.getJobTitle(context.trx, { ...scoped(context), id }),
    afterWrite: (context) => history.syncUserJobTitle(context.trx, scoped(context)),
  });

  mountPersonRecords(app, deps, {
    resource: EMPLOYMENT_RECORD_RESOURCES.contract,
    table: 'user_contracts',
    query: RecordListQuerySchema,
    create: CreateContractInputSchema,
    update: UpdateContractInputSchema,
    list: (context, { paging }) => history.findContracts(context.trx, { ...scoped(context), paging }),
    check: (trx, { companyId, body }) =>
      referenceErrors(trx, companyId, [
        { field: 'contract_type_id', table: 'contract_types', id: body.contract_type_id, message: 'This contract type does not exist.' },
      ]),
    insert: (context, body) => insertRecord(context.trx, { ...scoped(context), table: 'user_contracts', values: body }),
    write: (context, { id, body }) => updateRecord(context.trx, { ...scoped(context), table: 'user_contracts', id, values: body }),
    get: (context, id) => history.getContract(context.trx, { ...scoped(context), id }),
  });

  type PermitBody = v.InferOutput<typeof UpdateWorkPermitInputSchema>;
  // Who checked: as given, else the caller when they work for the person's company.
  const permitValues = (context: PersonContext, body: PermitBody) => ({
    ...body,
    checked_by_id: body.checked_by_id ?? (context.session.companyId === context.subject.companyId ? context.session.userId : null),
  });
  mountPersonRecords(app, deps, {
    resource: EMPLOYMENT_RECORD_RESOURCES.workPermit,
    table: 'user_work_permits',
    query: RecordListQuerySchema,
    create: CreateWorkPermitInputSchema,
    update: UpdateWorkPermitInputSchema,
    list: (context, { paging }) => permits.findWorkPermits(context.trx, { ...scoped(context), paging }),
    check: async (trx, { companyId, body }): Promise<FieldErrors> => {
      if (!body.checked_by_id) return {};
      const found = await findActiveUserIds(trx, { companyId, ids: [body.checked_by_id] });
      return found.has(body.checked_by_id) ? {} : { checked_by_id: ['Choose an active colleague.'] };
    },
    insert: (context, body) =>
      insertRecord(context.trx, { ...scoped(context), table: 'user_work_permits', values: permitValues(context, body) }),
    write: (context, { id, body }) =>
      permits.updateWorkPermit(context.trx, { ...scoped(context), id, values: permitValues(context, body) }),
    get: (context, id) => permits.getWorkPermit(context.trx, { ...scoped(context), id }),
    afterWrite: (context) => endRightToWorkTodos(context.trx, scoped(context)),
  });

  type PayRateBody = v.InferOutput<typeof UpdatePayRateInputSchema>;
  const payRateValues = async (context: PersonContext, body: PayRateBody) => ({
    ...body,
    unit:
      body.unit ??
      (await history.getPayRateTypeUnit(context.trx, { companyId: context.subject.companyId, id: body.pay_rate_type_id })) ??
      'hour',
  });
  mountPersonRecords(app, deps, {
    resource: EMPLOYMENT_RECORD_RESOURCES.payRate,
    table: 'user_pay_rates',
    query: PayRateListQuerySchema,
    create: CreatePayRateInputSchema,
    update: UpdatePayRateInputSchema,
    list: (context, { query, paging }) =>
      history.findPayRates(context.trx, { ...scoped(context), payRateTypeId: query.pay_rate_type_id, paging }),
    check: (trx, { companyId, body }) =>
      referenceErrors(trx, companyId, [
        {
          field: 'pay_rate_type_id',
          table: 'company_pay_rate_types',
          id: body.pay_rate_type_id,
          message: 'This pay rate type does not exist.',
        },
      ]),
    insert: async (context, body) =>
      insertRecord(context.trx, { ...scoped(context), table: 'user_pay_rates', values: await payRateValues(context, body) }),
    write: async (context, { id, body }) =>
      updateRecord(context.trx, { ...scoped(context), table: 'user_pay_rates', id, values: await payRateValues(context, body) }),
    get: (context, id) => history.getPayRate(context.trx, { ...scoped(context), id }),
  });

  type PatternBody = v.InferOutput<typeof UpdateWorkingPatternInputSchema>;
  // A template's hours are copied: later changes to the template leave the pattern as it was.
  const patternValues = async (context: PersonContext, body: PatternBody) => {
    const template = body.template_id
      ? await patterns.getTemplateHours(context.trx, { companyId: context.subject.companyId, id: body.template_id })
      : undefined;
    const hours = Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, template?.[day] ?? body[day]])) as Record<
      (typeof WEEKDAY_FIELDS)[number],
      number
    >;
    return { start_date: body.start_date, template_id: body.template_id, ...hours };
  };
  // Other modules follow the pattern (leave re-pro-rates the allowance from its start).
  const patternChanged = (context: PersonContext, from: string) =>
    announceWorkingPatternChanged(deps.modules, context.trx, {
      companyId: context.subject.companyId,
      userId: context.subject.userId,
      from,
      actorId: context.session.userId,
    });
  mountPersonRecords(app, deps, {
    resource: EMPLOYMENT_RECORD_RESOURCES.workingPattern,
    table: 'user_working_patterns',
    query: RecordListQuerySchema,
    create: CreateWorkingPatternInputSchema,
    update: UpdateWorkingPatternInputSchema,
    list: async (context, { paging }) => {
      const current = await patterns.getCurrentWorkingPattern(context.trx, { ...scoped(context), date: londonDate(new Date()) });
      return {
        ...(await patterns.findWorkingPatterns(context.trx, { ...scoped(context), paging })),
        extra: { current_id: current?.id ?? null },
      };
    },
    check: (trx, { companyId, body }) =>
      referenceErrors(trx, companyId, [
        {
          field: 'template_id',
          table: 'working_pattern_templates',
          id: body.template_id,
          message: 'This working pattern template does not exist.',
        },
      ]),
    insert: async (context, body) => {
      const id = await insertRecord(context.trx, {
        ...scoped(context),
        table: 'user_working_patterns',
        values: await patternValues(context, body),
      });
      await patternChanged(context, body.start_date);
      return id;
    },
    write: async (context, { id, body }) => {
      const written = await updateRecord(context.trx, {
        ...scoped(context),
        table: 'user_working_patterns',
        id,
        values: await patternValues(context, body),
      });
      await patternChanged(context, body.start_date);
      return written;
    },
    get: (context, id) => patterns.getWorkingPattern(context.trx, { ...scoped(context), id }),
  });
}
