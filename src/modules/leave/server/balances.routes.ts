// Leave and absences — policies-and-periods part: policy assignment, periods, values, logs,
// create-new-period, and the hourly carry-over expiry and accrual job. Reads follow the
// caller's scope over the person (own, department, company); writes need company scope
// (owners, HR admins). Reading a person's current leave year opens it when it is missing.
import type { FastifyInstance } from 'fastify';
import type { Trx } from '../../../server/db/database';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import { londonDate } from '../../../shared/dates';
import {
  CreateNewPeriodInputSchema,
  LEAVE_INVALIDATES,
  LEAVE_RESOURCES,
  PeriodQuerySchema,
  UserAbsencePolicyInputSchema,
  ValueLogInputSchema,
  ValueLogQuerySchema,
  type AbsencePeriod,
  type PeriodGroup,
} from '../leave.contract';
import { ensurePeriodFor } from './balances';
import { withLeavePerson, withValueOwner } from './balances-access';
import { findUserPolicy, getPeriodValue, latestValueLog, listPeriods, listValueLogs, listValues } from './balances-read.queries';
import { changeUserTemplate, createNextPeriod, logManualChange } from './periods';
import { recordLeaveWrite } from './settings-access';

const R = LEAVE_RESOURCES;
const endpointOf = (resource: string) => `/api/${resource}`;

/** The person's leave years, newest first, each with its values. */
export async function periodsOf(
  trx: Trx,
  input: { companyId: string; userId: string; today: string; currentOnly: boolean },
): Promise<AbsencePeriod[]> {
  const heads = await listPeriods(trx, input);
  const values = await listValues(trx, { companyId: input.companyId, periodIds: heads.map((head) => head.id), today: input.today });
  return heads.map((head) => ({ ...head, values: values.filter((value) => value.period_id === head.id) }));
}

function groupByLeaveType(periods: AbsencePeriod[]): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const period of periods) {
    for (const value of period.values) {
      let group = groups.get(value.leave_type.id);
      if (!group) {
        group = { leave_type: value.leave_type, values: [] };
        groups.set(value.leave_type.id, group);
      }
      group.values.push({ ...value, period_start: period.start_date, period_end: period.end_date });
    }
  }
  return [...groups.values()];
}

const write = (
  context: ResourceContext,
  input: { companyId: string; action: string; targetType: string; targetId: string; details?: Record<string, unknown> },
) => ({
  request: context.request,
  session: context.session,
  ...input,
  invalidates: LEAVE_INVALIDATES.balances,
});

export function mountBalances(app: FastifyInstance): void {
  const today = () => londonDate(new Date());

  mountResource(app, {
    name: R.policy,
    get: {
      handler: (context) =>
        withLeavePerson(
          context.db,
          { session: context.session, userId: context.id, endpoint: endpointOf(R.policy), method: 'GET' },
          ({ trx, companyId }) => findUserPolicy(trx, { companyId, userId: context.id }),
        ),
    },
    update: {
      body: UserAbsencePolicyInputSchema,
      handler: (context) =>
        withLeavePerson(
          context.db,
          { session: context.session, userId: context.id, endpoint: endpointOf(R.policy), method: 'PUT' },
          async ({ trx, companyId }) => {
            const { changed } = await changeUserTemplate(trx, {
              companyId,
              userId: context.id,
              templateId: context.body.template_id,
              actorId: context.session.userId,
            });
            if (changed) {
              await recordLeaveWrite(
                trx,
                write(context, {
                  companyId,
                  action: `${R.policy}.updated`,
                  targetType: 'user',
                  targetId: context.id,
                  details: { template_id: context.body.template_id },
                }),
              );
            }
            return findUserPolicy(trx, { companyId, userId: context.id });
          },
        ),
    },
  });

  mountResource(app, {
    name: R.period,
    list: {
      query: PeriodQuerySchema,
      handler: (context) =>
        withLeavePerson(
          context.db,
          { session: context.session, userId: context.query.user_id, endpoint: endpointOf(R.period), method: 'GET' },
          async ({ trx, companyId }) => {
            const date = today();
            await ensurePeriodFor(trx, { companyId, userId: context.query.user_id, date, actorId: null });
            const periods = await periodsOf(trx, {
              companyId,
              userId: context.query.user_id,
              today: date,
              currentOnly: context.query.current_only ?? false,
            });
            const rows: unknown[] = context.query.grouped ? groupByLeaveType(periods) : periods;
            return { results: rows.slice(context.paging.offset, context.paging.offset + context.paging.limit), count: rows.length };
          },
        ),
    },
  });

  mountResource(app, {
    name: R.periodValue,
    get: {
      handler: (context) =>
        withValueOwner(
          context.db,
          { session: context.session, valueId: context.id, endpoint: endpointOf(R.periodValue), method: 'GET' },
          ({ trx, companyId }) => getPeriodValue(trx, { companyId, id: context.id, today: today() }),
        ),
    },
  });

  mountResource(app, {
    name: R.valueLog,
    list: {
      query: ValueLogQuerySchema,
      handler: (context) =>
        withValueOwner(
          context.db,
          { session: context.session, valueId: context.query.value_id, endpoint: endpointOf(R.valueLog), method: 'GET' },
          ({ trx, companyId }) => listValueLogs(trx, { companyId, valueId: context.query.value_id, paging: context.paging }),
        ),
    },
    create: {
      body: ValueLogInputSchema,
      scope: 'company',
      handler: (context) =>
        withValueOwner(
          context.db,
          { session: context.session, valueId: context.body.value_id, endpoint: endpointOf(R.valueLog), method: 'POST' },
          async ({ trx, companyId }) => {
            const { valueId, userId } = await logManualChange(trx, { companyId, actorId: context.session.userId, body: context.body });
            await recordLeaveWrite(
              trx,
              write(context, {
                companyId,
                action: `${R.valueLog}.${context.body.kind}`,
                targetType: 'user',
                targetId: userId,
                details: { value_id: valueId },
              }),
            );
            return latestValueLog(trx, { companyId, valueId });
          },
        ),
    },
  });

  mountResource(app, {
    name: R.createNewPeriod,
    create: {
      body: CreateNewPeriodInputSchema,
      scope: 'company',
      handler: (context) =>
        withLeavePerson(
          context.db,
          { session: context.session, userId: context.body.user_id, endpoint: endpointOf(R.createNewPeriod), method: 'POST' },
          async ({ trx, companyId }) => {
            const date = today();
            const period = await createNextPeriod(trx, {
              companyId,
              userId: context.body.user_id,
              actorId: context.session.userId,
              today: date,
            });
            await recordLeaveWrite(
              trx,
              write(context, {
                companyId,
                action: `${R.createNewPeriod}.created`,
                targetType: 'user',
                targetId: context.body.user_id,
                details: { period_id: period.id },
              }),
            );
            const periods = await periodsOf(trx, { companyId, userId: context.body.user_id, today: date, currentOnly: false });
            return periods.find((row) => row.id === period.id);
          },
        ),
    },
  });
}
