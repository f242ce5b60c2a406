// Leave and absences — absences part: the list and detail of absences, requests and sickness
// reports, the steps after them (approve, decline, cancel, comment, return), bulk approval,
// the suggested absence the request form shows, and the approver's pending count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { recordActions } from '../../../server/http/record-actions';
import { parseInput } from '../../../server/http/validate';
import type { PendingCounter } from '../../../server/pending-count/pending-count.registry';
import { requireSession, type RouteAccess } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { londonDate } from '../../../shared/dates';
import {
  AbsenceBulkSchema,
  AbsenceListQuerySchema,
  ApproveInputSchema,
  CancelInputSchema,
  CommentInputSchema,
  CreateAbsenceInputSchema,
  DeclineInputSchema,
  ReturnInputSchema,
  SuggestedAbsenceQuerySchema,
  type AbsenceBulkResult,
  type AbsenceDetail,
} from '../absences.contract';
import { LEAVE_ENDPOINTS, LEAVE_RESOURCES, type AbsenceAction } from '../leave.contract';
import { approveAbsence, bulkApprove, cancelAbsence, commentOnAbsence, declineAbsence, recordReturn } from './absence-steps.service';
import { createAbsence, type AbsenceCaller } from './absences.service';
import { countAwaitingApproval, findAbsencePage, findAbsenceView } from './absences-read.queries';
import { readerOf, toAbsence, toAbsenceDetail } from './absences-view';
import { approverOf } from '../../../server/approvals/approval-chain';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { suggestAbsence } from './suggested';

const absenceWrite: RouteAccess = { endpoint: LEAVE_ENDPOINTS.absence, method: 'POST' };

export function mountAbsences(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const callerOf = (request: FastifyRequest): AbsenceCaller => ({ db, ...auditCallerOf(request), mail: deps.mail });

  mountResource(app, deps, {
    name: LEAVE_RESOURCES.absence,
    list: {
      query: AbsenceListQuerySchema,
      // The approvals list (and every other absence list) through the company's data version.
      versioned: true,
      handler: async ({ session, scope, query, paging }) => {
        const companyId = session.companyId;
        if (!companyId) return { results: [], count: 0 };
        return withTenant(db, companyId, async (trx) => {
          const page = await findAbsencePage(trx, { reader: readerOf(session, companyId, scope), query, paging });
          const today = londonDate(new Date());
          return { results: page.rows.map((row) => toAbsence(row, session, companyId, today)), count: page.count };
        });
      },
    },
    get: {
      handler: async ({ request, session, scope, id }): Promise<AbsenceDetail | undefined> => {
        const companyId = session.companyId;
        if (!companyId) return undefined;
        return withTenant(db, companyId, async (trx) => {
          const row = await findAbsenceView(trx, readerOf(session, companyId, scope), id);
          if (row === undefined) return undefined;
          if (row === 'forbidden') {
            // Out of the caller's reading scope, yet someone they approve for (a line report elsewhere).
            if (!approverOf(ABSENCE_APPROVALS, session).companyWide) {
              const asApprover = await findAbsenceView(trx, readerOf(session, companyId, 'company'), id);
              if (asApprover && asApprover !== 'forbidden' && asApprover.approver) {
                return toAbsenceDetail(trx, { caller: { session, source: auditSourceOf(request) }, companyId, row: asApprover });
              }
            }
            throw AppError.forbidden();
          }
          return toAbsenceDetail(trx, { caller: { session, source: auditSourceOf(request) }, companyId, row });
        });
      },
    },
    create: {
      body: CreateAbsenceInputSchema,
      handler: ({ request, body }) => createAbsence(callerOf(request), body),
    },
    bulk: {
      method: 'POST',
      body: AbsenceBulkSchema,
      handler: async ({ request, body }): Promise<AbsenceBulkResult> => ({
        action: 'approve',
        updated: await bulkApprove(callerOf(request), body.data.ids),
      }),
    },
  });

  const action = recordActions<AbsenceCaller, AbsenceDetail, AbsenceAction>(app, {
    path: `/api/${LEAVE_RESOURCES.absence}`,
    callerOf,
    access: absenceWrite,
    reasonActions: ['decline'],
  });
  action('approve', ApproveInputSchema, approveAbsence);
  action('decline', DeclineInputSchema, declineAbsence);
  action('cancel', CancelInputSchema, cancelAbsence);
  action('comment', CommentInputSchema, commentOnAbsence);
  action('return', ReturnInputSchema, recordReturn);

  app.get(
    `/api/${LEAVE_RESOURCES.suggested}/:userId`,
    { config: { access: { endpoint: `/api/${LEAVE_RESOURCES.suggested}`, method: 'GET' } } },
    async (request) => {
      const session = requireSession(request);
      const userId = (request.params as { userId?: string }).userId ?? '';
      if (!isUuid(userId) || !request.scope) throw AppError.notFound();
      const query = parseInput(SuggestedAbsenceQuerySchema, request.query ?? {});
      return suggestAbsence(db, { session, level: request.scope, userId, query });
    },
  );
}

/** Absences waiting for the caller's decision. */
export const countAbsencesAwaitingMe: PendingCounter = async ({ trx, session }) =>
  session.companyId ? countAwaitingApproval(trx, { companyId: session.companyId, approver: approverOf(ABSENCE_APPROVALS, session) }) : 0;
