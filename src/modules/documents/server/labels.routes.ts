// Document tags (the Document Tags settings tab) and folders of each area.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withTenant } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { publish } from '../../../server/realtime/publish';
import { requireCompany } from '../../../server/plugins/request-context';
import { companyChannel } from '../../../shared/realtime';
import {
  DOCUMENTS_INVALIDATES,
  DOCUMENT_ENDPOINT,
  DOCUMENT_RESOURCES,
  FolderInputSchema,
  FolderQuerySchema,
  NamedInputSchema,
  TagQuerySchema,
} from '../documents.contract';
import type { Trx } from '../../../server/db/database';
import { listFolders, listTags } from './documents.queries';
import { createFolder, createTag, deleteFolder, deleteTag, renameFolder, renameTag } from './labels.queries';

export function mountLabels(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const changed = (kind: 'tags' | 'folders') => async (trx: Trx, companyId: string) =>
    publish(trx, {
      channel: companyChannel(companyId),
      event: DOCUMENT_RESOURCES[kind],
      invalidates: DOCUMENTS_INVALIDATES[kind],
      companyId,
    });

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.tags,
    endpoint: DOCUMENT_ENDPOINT,
    list: {
      query: TagQuerySchema,
      handler: async ({ session, query }) => {
        const companyId = requireCompany(session);
        const results = await withTenant(db, companyId, (trx) => listTags(trx, { companyId, search: query.search }));
        return { results, count: results.length };
      },
    },
    create: {
      scope: 'company',
      body: NamedInputSchema,
      handler: async ({ session, body }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const tag = await createTag(trx, { companyId, name: body.name });
          await changed('tags')(trx, companyId);
          return tag;
        });
      },
    },
    update: {
      scope: 'company',
      body: NamedInputSchema,
      handler: async ({ session, id, body }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const tag = await renameTag(trx, { companyId, id, name: body.name });
          if (tag) await changed('tags')(trx, companyId);
          return tag;
        });
      },
    },
    delete: {
      scope: 'company',
      handler: async ({ session, id }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const removed = await deleteTag(trx, { companyId, id });
          if (removed) await changed('tags')(trx, companyId);
          return removed;
        });
      },
    },
  });

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.folders,
    endpoint: DOCUMENT_ENDPOINT,
    list: {
      query: FolderQuerySchema,
      handler: async ({ session, query }) => {
        const companyId = requireCompany(session);
        const results = await withTenant(db, companyId, (trx) => listFolders(trx, { companyId, area: query.area }));
        return { results, count: results.length };
      },
    },
    create: {
      scope: 'company',
      body: FolderInputSchema,
      handler: async ({ session, body }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const folder = await createFolder(trx, { companyId, name: body.name, area: body.area });
          await changed('folders')(trx, companyId);
          return folder;
        });
      },
    },
    update: {
      scope: 'company',
      body: NamedInputSchema,
      handler: async ({ session, id, body }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const folder = await renameFolder(trx, { companyId, id, name: body.name });
          if (folder) await changed('folders')(trx, companyId);
          return folder;
        });
      },
    },
    delete: {
      scope: 'company',
      handler: async ({ session, id }) => {
        const companyId = requireCompany(session);
        return withTenant(db, companyId, async (trx) => {
          const removed = await deleteFolder(trx, { companyId, id });
          if (removed) await changed('folders')(trx, companyId);
          return removed;
        });
      },
    },
  });
}
