// Claims under the generic API: the list (SPEC's claim_type and page, with the list's
// filters), one claim, making, changing and withdrawing one, bulk approval, the steps
// (submit, approve, reject, pay), the export of the filtered list, and the approver's count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf, auditRequest } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { recordActions } from '../../../server/http/record-actions';
import { parseInput } from '../../../server/http/validate';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { londonDate } from '../../../shared/dates';
import { fieldErrorsFromIssues } from '../../../shared/validation';
import {
  ApproveInputSchema,
  ClaimBulkSchema,
  ClaimExportQuerySchema,
  ClaimInputSchema,
  ClaimListQuerySchema,
  EXPENSE_ENDPOINT,
  EXPENSE_RESOURCES,
  expenseMessages,
  expensePaths,
  PayInputSchema,
  RejectInputSchema,
  SubmitInputSchema,
  type ClaimAction,
  type ClaimInput,
  type ClaimBulkResult,
  type ExpenseClaimDetail,
} from '../expenses.contract';
import { claimActor } from './claim-access';
import { lineErrors } from './claim-pricing';
import { approveClaim, bulkApproveClaims, payClaim, rejectClaim } from './claim-steps.service';
import { toClaim } from './claim-view';
import { toCsv, toXlsx } from './claims-export';
import { findExportRows } from './claims-export.queries';
import { countAwaitingApproval, findClaimPage } from './claims-read.queries';
import { createClaim, readClaim, submitClaim, updateClaimByOwner, withdrawClaim, type ExpenseCaller } from './claims.service';

/** A claim's body, or a 422 whose message names the first line at fault ("Journey 2: …"). */
function parseClaim(body: unknown): ClaimInput {
  const result = v.safeParse(ClaimInputSchema, body);
  if (!result.success) throw lineErrors(fieldErrorsFromIssues(result.issues));
  return result.output;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function mountClaims(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest): ExpenseCaller => ({ db, ...auditCallerOf(request), mail: deps.mail });

  // Before the resource's /:id, so "export" is never read as an id.
  app.get(expensePaths.export, { config: { access: { endpoint: EXPENSE_ENDPOINT, method: 'GET' } } }, async (request, reply) => {
    const session = requireSession(request);
    const companyId = requireCompany(session, 'not_found');
    const { format, ...query } = parseInput(ClaimExportQuerySchema, request.query ?? {});
    const rows = await withTenant(db, companyId, async (trx) => {
      const found = await findExportRows(trx, { companyId, actor: claimActor(session), query });
      await auditRequest(trx, request, { companyId, action: 'expense.exported', details: { format, filter: query, rows: found.length } });
      return found;
    });
    const body = format === 'xlsx' ? await toXlsx(rows) : toCsv(rows);
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="expenses-${londonDate(new Date())}.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  mountResource(app, deps, {
    name: EXPENSE_RESOURCES.claim,
    list: {
      query: ClaimListQuerySchema,
      // Claims and their items, receipts and decisions change only by writes that publish.
      versioned: true,
      handler: async ({ session, query, paging }) => {
        const companyId = session.companyId;
        if (!companyId) return { results: [], count: 0 };
        return withTenant(db, companyId, async (trx) => {
          const page = await findClaimPage(trx, { companyId, actor: claimActor(session), query, paging });
          return { results: page.rows.map((row) => toClaim(row, session)), count: page.count };
        });
      },
    },
    get: { handler: ({ session, id }) => readClaim(db, session, id) },
    create: { body: v.unknown(), handler: ({ request, body }) => createClaim(callerOf(request), parseClaim(body)) },
    update: { body: v.unknown(), handler: ({ request, id, body }) => updateClaimByOwner(callerOf(request), id, parseClaim(body)) },
    delete: {
      handler: async ({ request, id }) => {
        const keys = await withdrawClaim(callerOf(request), id);
        for (const key of keys) {
          await app.fileStorage.delete(key).catch((error: unknown) => request.log.error({ err: error }, 'could not delete a receipt'));
        }
        return true;
      },
    },
    bulk: {
      method: 'PUT',
      body: ClaimBulkSchema,
      handler: async ({ request, body }): Promise<ClaimBulkResult> => ({
        action: 'approve',
        updated: await bulkApproveClaims(callerOf(request), body.data.ids),
      }),
    },
  });

  const action = recordActions<ExpenseCaller, ExpenseClaimDetail, ClaimAction>(app, {
    path: expensePaths.claims,
    callerOf,
    access: { endpoint: EXPENSE_ENDPOINT, method: 'PUT' },
    reasonActions: ['reject'],
  });
  action('submit', SubmitInputSchema, (caller, id) => submitClaim(caller, id));
  action('approve', ApproveInputSchema, approveClaim);
  action('reject', RejectInputSchema, (caller, id, body) => rejectClaim(caller, id, body.reason));
  action('pay', PayInputSchema, (caller, id, body) => payClaim(caller, id, body.pay_date));
}

/** Claims waiting for the caller's decision (SPEC's pending count user_expense). */
export const countClaimsAwaitingMe: PendingCounter = async ({ trx, session }) =>
  session.companyId ? countAwaitingApproval(trx, { companyId: session.companyId, actor: claimActor(session) }) : 0;

export { expenseMessages };
