// Leave and absences — balances routes: policy assignment, periods, values, logs and
// create-new-period (the rules are in balances.service.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { mountResource, type ResourceContext } from '../../../server/http/resource';
import {
  CreateNewPeriodInputSchema,
  PeriodQuerySchema,
  UserAbsencePolicyInputSchema,
  ValueLogInputSchema,
  ValueLogQuerySchema,
} from '../leave-balances.contract';
import { LEAVE_RESOURCES } from '../leave.contract';
import {
  addValueLog,
  changeUserPolicy,
  createNewPeriod,
  getUserPolicy,
  getValue,
  listPeriodsOf,
  listValueLogsOf,
} from './balances.service';
import type { LeaveCaller } from './settings-access';

const R = LEAVE_RESOURCES;
const callerOf = (context: ResourceContext): LeaveCaller => ({
  db: context.db,
  session: context.session,
  source: auditSourceOf(context.request),
});

export function mountBalances(app: FastifyInstance, deps: AppDeps): void {
  mountResource(app, deps, {
    name: R.policy,
    get: { handler: (context) => getUserPolicy(callerOf(context), context.id) },
    update: {
      body: UserAbsencePolicyInputSchema,
      handler: (context) => changeUserPolicy(callerOf(context), { userId: context.id, templateId: context.body.template_id }),
    },
  });

  mountResource(app, deps, {
    name: R.period,
    list: {
      query: PeriodQuerySchema,
      // The dashboard's balance card: through the company's data version (migration 0036).
      versioned: true,
      handler: (context) => listPeriodsOf(callerOf(context), { query: context.query, paging: context.paging }),
    },
  });

  mountResource(app, deps, {
    name: R.periodValue,
    get: { handler: (context) => getValue(callerOf(context), context.id) },
  });

  mountResource(app, deps, {
    name: R.valueLog,
    list: {
      query: ValueLogQuerySchema,
      handler: (context) => listValueLogsOf(callerOf(context), { valueId: context.query.value_id, paging: context.paging }),
    },
    create: {
      body: ValueLogInputSchema,
      scope: 'company',
      handler: (context) => addValueLog(callerOf(context), context.body),
    },
  });

  mountResource(app, deps, {
    name: R.createNewPeriod,
    create: {
      body: CreateNewPeriodInputSchema,
      scope: 'company',
      handler: (context) => createNewPeriod(callerOf(context), context.body),
    },
  });
}
