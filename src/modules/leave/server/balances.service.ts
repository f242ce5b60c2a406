// Leave and absences — balances: a person's policy template, leave years (periods) and their
// values, the log of manual changes, and opening the next leave year. Reads follow the
// caller's scope over the person (own, department, company); writes need company scope
// (owners, HR admins). Reading a person's current leave year opens it when it is missing.
import type * as v from 'valibot';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import type { Trx } from '../../../server/db/database';
import { withPerson } from '../../../server/http/person-access';
import { londonDate } from '../../../shared/dates';
import type { Paging } from '../../../shared/list';
import {
  type AbsencePeriod,
  type CreateNewPeriodInputSchema,
  type PeriodGroup,
  type PeriodQuerySchema,
  type ValueLogInputSchema,
} from '../leave-balances.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES } from '../leave.contract';
import { ensurePeriodFor } from './balances';
import { holidayPayOf } from './holiday-pay';
import { withValueOwner } from './balances-access';
import { findUserPolicy, getPeriodValue, latestValueLog, listPeriods, listValueLogs, listValues } from './balances-read.queries';
import { changeUserTemplate, createNextPeriod, logManualChange } from './periods';
import type { LeaveCaller } from './settings-access';

const R = LEAVE_RESOURCES;
const endpointOf = (resource: string) => `/api/${resource}`;
const today = () => londonDate(new Date());

/** The person's leave years, newest first, each with its values. */
async function periodsOf(
  trx: Trx,
  input: { companyId: string; userId: string; today: string; currentOnly: boolean },
): Promise<AbsencePeriod[]> {
  const heads = await listPeriods(trx, input);
  const values = await listValues(trx, { companyId: input.companyId, periodIds: heads.map((head) => head.id), today: input.today });
  const periods: AbsencePeriod[] = [];
  for (const head of heads) {
    // Holiday pay reads a year of rota shifts: only for the current year asked for alone.
    const holidayPay =
      input.currentOnly && head.is_current
        ? await holidayPayOf(trx, { companyId: input.companyId, userId: input.userId, period: head, today: input.today })
        : null;
    periods.push({ ...head, values: values.filter((value) => value.period_id === head.id), holiday_pay: holidayPay });
  }
  return periods;
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
  caller: LeaveCaller,
  input: { companyId: string; action: string; targetType: string; targetId: string; details?: Record<string, unknown> },
) => ({ caller, ...input, invalidates: LEAVE_INVALIDATES.balances });

export const getUserPolicy = (caller: LeaveCaller, userId: string) =>
  withPerson(caller.db, { session: caller.session, userId, endpoint: endpointOf(R.policy), method: 'GET' }, ({ trx, companyId }) =>
    findUserPolicy(trx, { companyId, userId }),
  );

export const changeUserPolicy = (caller: LeaveCaller, input: { userId: string; templateId: string }) =>
  withPerson(
    caller.db,
    { session: caller.session, userId: input.userId, endpoint: endpointOf(R.policy), method: 'PUT' },
    async ({ trx, companyId }) => {
      const { userId, templateId } = input;
      const { changed } = await changeUserTemplate(trx, { companyId, userId, templateId, actorId: caller.session.userId });
      if (changed) {
        await recordCompanyWrite(
          trx,
          write(caller, {
            companyId,
            action: `${R.policy}.updated`,
            targetType: 'user',
            targetId: userId,
            details: { template_id: templateId },
          }),
        );
      }
      return findUserPolicy(trx, { companyId, userId });
    },
  );

/** The person's leave years (their current one opened when missing), or their values by leave type. */
export const listPeriodsOf = (caller: LeaveCaller, input: { query: v.InferOutput<typeof PeriodQuerySchema>; paging: Paging }) =>
  withPerson(
    caller.db,
    { session: caller.session, userId: input.query.user_id, endpoint: endpointOf(R.period), method: 'GET' },
    async ({ trx, companyId }) => {
      const { query, paging } = input;
      const date = today();
      await ensurePeriodFor(trx, { companyId, userId: query.user_id, date, actorId: null });
      const periods = await periodsOf(trx, { companyId, userId: query.user_id, today: date, currentOnly: query.current_only ?? false });
      const rows: unknown[] = query.grouped ? groupByLeaveType(periods) : periods;
      return { results: rows.slice(paging.offset, paging.offset + paging.limit), count: rows.length };
    },
  );

export const getValue = (caller: LeaveCaller, valueId: string) =>
  withValueOwner(
    caller.db,
    { session: caller.session, valueId, endpoint: endpointOf(R.periodValue), method: 'GET' },
    ({ trx, companyId }) => getPeriodValue(trx, { companyId, id: valueId, today: today() }),
  );

export const listValueLogsOf = (caller: LeaveCaller, input: { valueId: string; paging: Paging }) =>
  withValueOwner(
    caller.db,
    { session: caller.session, valueId: input.valueId, endpoint: endpointOf(R.valueLog), method: 'GET' },
    ({ trx, companyId }) => listValueLogs(trx, { companyId, valueId: input.valueId, paging: input.paging }),
  );

/** A manual change to a value (an adjustment, a correction…), logged and audited. */
export const addValueLog = (caller: LeaveCaller, body: v.InferOutput<typeof ValueLogInputSchema>) =>
  withValueOwner(
    caller.db,
    { session: caller.session, valueId: body.value_id, endpoint: endpointOf(R.valueLog), method: 'POST' },
    async ({ trx, companyId }) => {
      const { valueId, userId } = await logManualChange(trx, { companyId, actorId: caller.session.userId, body });
      await recordCompanyWrite(
        trx,
        write(caller, {
          companyId,
          action: `${R.valueLog}.${body.kind}`,
          targetType: 'user',
          targetId: userId,
          details: { value_id: valueId },
        }),
      );
      return latestValueLog(trx, { companyId, valueId });
    },
  );

/** Opens the person's next leave year and returns it with its values. */
export const createNewPeriod = (caller: LeaveCaller, body: v.InferOutput<typeof CreateNewPeriodInputSchema>) =>
  withPerson(
    caller.db,
    { session: caller.session, userId: body.user_id, endpoint: endpointOf(R.createNewPeriod), method: 'POST' },
    async ({ trx, companyId }) => {
      const date = today();
      const period = await createNextPeriod(trx, { companyId, userId: body.user_id, actorId: caller.session.userId, today: date });
      await recordCompanyWrite(
        trx,
        write(caller, {
          companyId,
          action: `${R.createNewPeriod}.created`,
          targetType: 'user',
          targetId: body.user_id,
          details: { period_id: period.id },
        }),
      );
      const periods = await periodsOf(trx, { companyId, userId: body.user_id, today: date, currentOnly: false });
      return periods.find((row) => row.id === period.id);
    },
  );
