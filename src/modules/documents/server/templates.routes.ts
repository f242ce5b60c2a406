// Templates (the company's and the starter library), the preview PDF and generating a
// document from a template for a person.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf, auditCaller } from '../../../server/audit/audit-entry';
import { deleteCompanyRow } from '../../../server/db/company-rows.queries';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { parseInput } from '../../../server/http/validate';
import { requireCompany } from '../../../server/plugins/request-context';
import {
  DOCUMENT_AREAS,
  DOCUMENT_ENDPOINT,
  DOCUMENT_RESOURCES,
  GenerateInputSchema,
  PreviewInputSchema,
  TemplateInputSchema,
} from '../documents.contract';
import { getDocument } from './documents.service';
import { findTemplate, insertTemplate, updateTemplate } from './templates.queries';
import { generateFromTemplate, previewTemplate, templatesOf, toTemplate } from './templates.service';

const TemplateQuerySchema = v.object({ area: v.optional(v.picklist(DOCUMENT_AREAS)) });

export function mountTemplates(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const manage = { access: { endpoint: DOCUMENT_ENDPOINT, method: 'POST' as const, scope: 'company' as const } };

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.templates,
    endpoint: DOCUMENT_ENDPOINT,
    list: {
      scope: 'company',
      query: TemplateQuerySchema,
      handler: async ({ session, query }) => {
        const results = await templatesOf(db, { companyId: requireCompany(session), area: query.area });
        return { results, count: results.length };
      },
    },
    get: {
      scope: 'company',
      handler: async ({ session, id }) => {
        const companyId = requireCompany(session);
        await templatesOf(db, { companyId });
        const row = await withTenant(db, companyId, (trx) => findTemplate(trx, { companyId, id }));
        return row ? toTemplate(row) : undefined;
      },
    },
    create: {
      scope: 'company',
      body: TemplateInputSchema,
      handler: async ({ request, session, body }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const row = await insertTemplate(trx, { ...body, companyId, createdBy: session.userId });
          await auditCaller(trx, auditCallerOf(request), {
            companyId,
            action: 'document_template.created',
            targetType: 'document_template',
            targetId: row.id,
            details: { name: row.name },
          });
          return toTemplate(row);
        });
      },
    },
    update: {
      scope: 'company',
      body: TemplateInputSchema,
      handler: async ({ session, id, body }) => {
        const companyId = requireCompany(session);
        const row = await withTenant(db, companyId, (trx) => updateTemplate(trx, { ...body, companyId, id }));
        return row ? toTemplate(row) : undefined;
      },
    },
    delete: {
      scope: 'company',
      handler: async ({ session, id }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, (trx) => deleteCompanyRow(trx, { table: 'document_templates', companyId, id }));
      },
    },
  });

  app.post(`/api/${DOCUMENT_RESOURCES.preview}`, { config: { ...manage, idempotency: false } }, async (request, reply) => {
    const companyId = requireCompany(request.session!);
    const pdf = await previewTemplate(db, { companyId, body: parseInput(PreviewInputSchema, request.body) });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="preview.pdf"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf));
  });

  app.post(`/api/${DOCUMENT_RESOURCES.templates}/:id/generate`, { config: manage }, async (request: FastifyRequest, reply) => {
    const caller = { ...auditCallerOf(request), db, storage: app.fileStorage };
    const id = (request.params as { id?: string }).id ?? '';
    const body = parseInput(GenerateInputSchema, { ...((request.body as object | null) ?? {}), document_template_file_id: id });
    const documentId = await generateFromTemplate(caller, body);
    return reply.code(201).send(await getDocument(db, caller, documentId));
  });
}
