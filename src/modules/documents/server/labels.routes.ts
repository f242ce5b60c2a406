// Document tags (the Document Tags settings tab) and folders of each area.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { deleteCompanyRow } from '../../../server/db/company-rows.queries';
import type { Trx } from '../../../server/db/database';
import { inCompany } from '../../../server/http/company';
import { mountResource } from '../../../server/http/resource';
import type { Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
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
import { listFolders, listTags } from './documents.queries';
import { createFolder, createTag, renameFolder, renameTag } from './labels.queries';

export function mountLabels(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const list = async <T>(session: Session, read: (trx: Trx, companyId: string) => Promise<T[]>) => {
    const results = await inCompany({ db, session }, read);
    return { results, count: results.length };
  };
  /** A write in the caller's company; what it changed (anything but null or false) is announced to the company's screens. */
  const write = <T>(kind: 'tags' | 'folders', session: Session, change: (trx: Trx, companyId: string) => Promise<T>) =>
    inCompany({ db, session }, async (trx, companyId) => {
      const result = await change(trx, companyId);
      if (result) {
        await publish(trx, {
          channel: companyChannel(companyId),
          event: DOCUMENT_RESOURCES[kind],
          invalidates: DOCUMENTS_INVALIDATES[kind],
          companyId,
        });
      }
      return result;
    });

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.tags,
    endpoint: DOCUMENT_ENDPOINT,
    list: {
      query: TagQuerySchema,
      handler: ({ session, query }) => list(session, (trx, companyId) => listTags(trx, { companyId, search: query.search })),
    },
    create: {
      scope: 'company',
      body: NamedInputSchema,
      handler: ({ session, body }) => write('tags', session, (trx, companyId) => createTag(trx, { companyId, name: body.name })),
    },
    update: {
      scope: 'company',
      body: NamedInputSchema,
      handler: ({ session, id, body }) => write('tags', session, (trx, companyId) => renameTag(trx, { companyId, id, name: body.name })),
    },
    delete: {
      scope: 'company',
      handler: ({ session, id }) =>
        write('tags', session, (trx, companyId) => deleteCompanyRow(trx, { table: 'document_tags', companyId, id })),
    },
  });

  mountResource(app, deps, {
    name: DOCUMENT_RESOURCES.folders,
    endpoint: DOCUMENT_ENDPOINT,
    list: {
      query: FolderQuerySchema,
      handler: ({ session, query }) => list(session, (trx, companyId) => listFolders(trx, { companyId, area: query.area })),
    },
    create: {
      scope: 'company',
      body: FolderInputSchema,
      handler: ({ session, body }) =>
        write('folders', session, (trx, companyId) => createFolder(trx, { companyId, name: body.name, area: body.area })),
    },
    update: {
      scope: 'company',
      body: NamedInputSchema,
      handler: ({ session, id, body }) =>
        write('folders', session, (trx, companyId) => renameFolder(trx, { companyId, id, name: body.name })),
    },
    delete: {
      scope: 'company',
      handler: ({ session, id }) =>
        write('folders', session, (trx, companyId) => deleteCompanyRow(trx, { table: 'document_folders', companyId, id })),
    },
  });
}
