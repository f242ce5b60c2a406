// POST /api/contact-us: a company user's message, stored and e-mailed to the team's address
// through the outbox; GET /api/contact-us: every company's messages, for administrators.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withSystem, withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { listResponse, pagingFrom } from '../../../shared/list';
import * as v from 'valibot';
import {
  CONTACT_TYPE_REFUSED,
  CONTACT_US_ENDPOINT,
  ContactInboxQuerySchema,
  contactUsPaths,
  ContactRequestSchema,
} from '../support.contract';
import { mountContactInbox } from './contact-inbox.routes';
import { mayChooseContactType } from '../support.policy';
import { contactRequestDesk } from './contact-desk';
import { findContactRequests, getSender } from './contact-requests.queries';

export const supportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, config } = deps;

  app.post(contactUsPaths.contactUs, { config: { access: { endpoint: CONTACT_US_ENDPOINT, method: 'POST' } } }, async (request, reply) => {
    const session = requireSession(request);
    const input = parseInput(ContactRequestSchema, request.body);
    // The tenant comes from the session, never from input: another company is refused.
    const companyId = session.companyId;
    if (!companyId) throw AppError.forbidden('Only users of a company can contact the support team.');
    if (input.company_id !== companyId) throw AppError.forbidden();

    const created = await withTenant(db, companyId, async (trx) => {
      const sender = await getSender(trx, { companyId, userId: session.userId });
      if (!sender) throw AppError.forbidden();
      if (!mayChooseContactType({ authorisedContact: sender.authorised_contact, contactType: input.contact_type })) {
        throw AppError.validation({ contact_type: [CONTACT_TYPE_REFUSED] }, CONTACT_TYPE_REFUSED);
      }
      const contactRequest = await contactRequestDesk.file(trx, config, {
        companyId,
        userId: session.userId,
        contactType: input.contact_type,
        message: input.message,
        source: 'form',
        sender,
      });
      await auditRequest(trx, request, {
        companyId,
        action: 'contact_request.created',
        targetType: 'contact_request',
        targetId: contactRequest.id,
        details: { contact_type: input.contact_type },
      });
      return contactRequest;
    });
    deps.mail.wake();
    return reply.code(201).send(created);
  });

  app.get(
    contactUsPaths.contactUs,
    { config: { access: { endpoint: CONTACT_US_ENDPOINT, method: 'GET', scope: 'global' } } },
    async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const paging = pagingFrom(query);
      // An unknown filter value filters nothing rather than failing the inbox.
      const parsed = v.safeParse(ContactInboxQuerySchema, query);
      const filters = parsed.success ? parsed.output : {};
      const viewerId = requireSession(request).userId;
      const page = await withSystem(db, (trx) => findContactRequests(trx, { paging, filters, viewerId }));
      return listResponse(page.results, page.count, paging);
    },
  );

  mountContactInbox(app, deps);
};
