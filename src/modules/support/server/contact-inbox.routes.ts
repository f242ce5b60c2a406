// The administrators' inbox of contact requests: one request with its notes and replies, its
// status (new, in progress, handled) and assignee, internal notes, and replies that are
// e-mailed to the sender through the outbox and ring their bell. System scope: administrators
// have no company; each write names the request's own company in its audit entry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withSystem } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { escapeHtml } from '../../../server/mail/html';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { notify } from '../../../server/notifications/notify';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import type { HttpMethod } from '../../../shared/scopes';
import {
  CONTACT_TYPE_LABELS,
  CONTACT_US_ENDPOINT,
  ContactEntrySchema,
  ContactRequestUpdateSchema,
  contactInboxPaths,
  type ContactRequestDetail,
} from '../support.contract';
import {
  findAdministrators,
  findContactEntries,
  findContactRequests,
  findContactSender,
  insertContactEntry,
  isAdministrator,
  lockContactRequest,
  updateContactRequest,
} from './contact-requests.queries';

const access = (method: HttpMethod) => ({ config: { access: { endpoint: CONTACT_US_ENDPOINT, method, scope: 'global' as const } } });

function requestId(request: FastifyRequest): string {
  const { id = '' } = request.params as { id?: string };
  if (!isUuid(id)) throw AppError.notFound();
  return id;
}

function administrator(request: FastifyRequest): string {
  const session = requireSession(request);
  if (session.companyId) throw AppError.forbidden();
  return session.userId;
}

const REPLY_PREVIEW = 280;

async function detail(deps: AppDeps, id: string): Promise<ContactRequestDetail> {
  return withSystem(deps.db, async (trx) => {
    const { results } = await findContactRequests(trx, { paging: { offset: 0, limit: 1 }, id });
    const [found] = results;
    if (!found) throw AppError.notFound();
    return { ...found, entries: await findContactEntries(trx, id) };
  });
}

export function mountContactInbox(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get(contactInboxPaths.administrators, access('GET'), async (request) => {
    administrator(request);
    return { results: await withSystem(db, (trx) => findAdministrators(trx)) };
  });

  app.get(contactInboxPaths.request(':id'), access('GET'), async (request) => {
    administrator(request);
    return detail(deps, requestId(request));
  });

  app.put(contactInboxPaths.request(':id'), access('PUT'), async (request) => {
    administrator(request);
    const id = requestId(request);
    const input = parseInput(ContactRequestUpdateSchema, request.body);
    await withSystem(db, async (trx) => {
      const found = await lockContactRequest(trx, id);
      if (!found) throw AppError.notFound();
      if (input.assigned_to && !(await isAdministrator(trx, input.assigned_to))) {
        throw AppError.validation({ assigned_to: ['Choose an administrator.'] });
      }
      await updateContactRequest(trx, id, {
        ...(input.status ? { status: input.status } : {}),
        ...(input.assigned_to !== undefined ? { assignedTo: input.assigned_to } : {}),
      });
      await auditRequest(trx, request, {
        companyId: found.company_id,
        action: 'contact_request.updated',
        targetType: 'contact_request',
        targetId: id,
        details: {
          ...(input.status ? { status: input.status } : {}),
          ...(input.assigned_to !== undefined ? { assigned_to: input.assigned_to } : {}),
        },
      });
    });
    return detail(deps, id);
  });

  app.post(contactInboxPaths.notes(':id'), access('POST'), async (request, reply) => {
    const adminId = administrator(request);
    const id = requestId(request);
    const input = parseInput(ContactEntrySchema, request.body);
    await withSystem(db, async (trx) => {
      const found = await lockContactRequest(trx, id);
      if (!found) throw AppError.notFound();
      await insertContactEntry(trx, {
        contactRequestId: id,
        companyId: found.company_id,
        authorId: adminId,
        kind: 'note',
        body: input.body,
      });
      await auditRequest(trx, request, {
        companyId: found.company_id,
        action: 'contact_request.noted',
        targetType: 'contact_request',
        targetId: id,
      });
    });
    return reply.code(201).send(await detail(deps, id));
  });

  app.post(contactInboxPaths.replies(':id'), access('POST'), async (request, reply) => {
    const adminId = administrator(request);
    const id = requestId(request);
    const input = parseInput(ContactEntrySchema, request.body);
    await withSystem(db, async (trx) => {
      const found = await lockContactRequest(trx, id);
      if (!found) throw AppError.notFound();
      if (!found.user_id) throw AppError.validation({}, 'The sender’s account no longer exists: there is no one to reply to.');
      const sender = await findContactSender(trx, { userId: found.user_id, companyId: found.company_id });
      if (!sender) throw AppError.validation({}, 'The sender’s account no longer exists: there is no one to reply to.');
      const team = CONTACT_TYPE_LABELS[found.contact_type];
      await insertContactEntry(trx, {
        contactRequestId: id,
        companyId: found.company_id,
        authorId: adminId,
        kind: 'reply',
        body: input.body,
      });
      if (found.status === 'new') await updateContactRequest(trx, id, { status: 'in_progress' });
      await enqueueEmail(trx, {
        template: 'contact_reply',
        companyId: found.company_id,
        to: sender.email,
        subject: `The ${team} replied to your message`,
        text: [
          `Hello ${sender.first_name},`,
          '',
          `The ${team} replied to the message you sent on ${found.created_at.toISOString().slice(0, 10)}:`,
          '',
          input.body,
          '',
          '— Your message —',
          found.message,
        ].join('\n'),
      });
      const preview = input.body.length > REPLY_PREVIEW ? `${input.body.slice(0, REPLY_PREVIEW)}…` : input.body;
      await notify(trx, {
        companyId: found.company_id,
        userId: found.user_id,
        description: `<strong>${escapeHtml(team)}</strong> replied to your message: ${escapeHtml(preview)}`,
      });
      await auditRequest(trx, request, {
        companyId: found.company_id,
        action: 'contact_request.replied',
        targetType: 'contact_request',
        targetId: id,
      });
    });
    deps.mail.wake();
    return reply.code(201).send(await detail(deps, id));
  });
}
