// Expert articles (/api/article, §6): every signed-in user reads published articles — company
// users and docs-only users in their company's scope — with full-text search, category, area
// and tag filters, and each article's related articles; administrators (global) also see
// drafts and write, in the system scope. Writes are audited and tell every open app.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { auditRequest } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import { mountResource } from '../../../server/http/resource';
import { richTextWords, sanitiseRichText } from '../../../server/http/rich-text';
import { requireSession, type Session } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { GLOBAL_CHANNEL } from '../../../shared/realtime';
import { levelFor } from '../../../shared/scopes';
import { fieldMessages } from '../../../shared/validators';
import {
  ARTICLES_ENDPOINT,
  ARTICLES_RESOURCE,
  ArticleInputSchema,
  ArticleListQuerySchema,
  articlePaths,
  type Article,
  type ArticleValues,
} from '../articles.contract';
import {
  deleteArticle,
  findArticle,
  findArticleCategories,
  findArticlePage,
  findRelatedArticles,
  insertArticle,
  updateArticle,
  type ArticleWrite,
} from './articles.queries';

/** An administrator (no company, the global permission) reads drafts too, in the system scope. */
const isWriter = (session: Session) => session.companyId === null && levelFor(session.permissions, ARTICLES_ENDPOINT, 'GET') === 'global';

/** Runs a read in the reader's scope: the system scope for administrators, the company's otherwise. */
function asReader<T>(db: Db, session: Session, fn: (trx: Trx, published: boolean) => Promise<T>): Promise<T> {
  if (isWriter(session)) return withSystem(db, (trx) => fn(trx, false));
  if (!session.companyId) throw AppError.forbidden();
  return withTenant(db, session.companyId, (trx) => fn(trx, true));
}

function valuesOf(body: ArticleValues): ArticleWrite {
  const html = sanitiseRichText(body.body);
  if (richTextWords(html) === '') throw AppError.validation({ body: [fieldMessages.required] });
  return {
    ...body,
    body: html,
    tags: [...new Set(body.tags)],
    sources: body.sources.map((source) => ({ name: source.name, url: source.url || null })),
  };
}

export const articlesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const announce = (trx: Trx) => publish(trx, { channel: GLOBAL_CHANNEL, event: ARTICLES_RESOURCE, invalidates: [ARTICLES_RESOURCE] });

  mountResource(app, deps, {
    name: ARTICLES_RESOURCE,
    readAccess: 'authenticated',
    list: {
      query: ArticleListQuerySchema,
      handler: ({ session, query, paging }) =>
        asReader(db, session, async (trx, published) => {
          const page = await findArticlePage(trx, { query, paging, published });
          return { results: page.rows, count: page.count };
        }),
    },
    get: {
      handler: ({ session, id }) =>
        asReader(db, session, async (trx, published): Promise<Article | undefined> => {
          const row = await findArticle(trx, { id, published });
          if (!row) return undefined;
          return { ...row, related: await findRelatedArticles(trx, row) };
        }),
    },
    create: {
      scope: 'global',
      body: ArticleInputSchema,
      handler: ({ request, session, body }) =>
        withSystem(db, async (trx) => {
          const id = await insertArticle(trx, { values: valuesOf(body), createdBy: session.userId });
          await auditRequest(trx, request, { companyId: null, action: 'article.created', targetType: 'article', targetId: id });
          await announce(trx);
          return { ...(await findArticle(trx, { id, published: false }))!, related: [] };
        }),
    },
    update: {
      scope: 'global',
      body: ArticleInputSchema,
      handler: ({ request, id, body }) =>
        withSystem(db, async (trx) => {
          if (!(await updateArticle(trx, { id, values: valuesOf(body) }))) return undefined;
          await auditRequest(trx, request, { companyId: null, action: 'article.updated', targetType: 'article', targetId: id });
          await announce(trx);
          return { ...(await findArticle(trx, { id, published: false }))!, related: [] };
        }),
    },
    delete: {
      scope: 'global',
      handler: ({ request, id }) =>
        withSystem(db, async (trx) => {
          if (!(await deleteArticle(trx, id))) return false;
          await auditRequest(trx, request, { companyId: null, action: 'article.deleted', targetType: 'article', targetId: id });
          await announce(trx);
          return true;
        }),
    },
  });

  app.get(articlePaths.categories, { config: { access: 'authenticated' } }, (request) =>
    asReader(db, requireSession(request), (trx, published) => findArticleCategories(trx, { published })),
  );
};
