// The only SQL of expert articles. Company users read in their tenant scope, where the
// table's read policy (migration 0025) lets through only published articles whose date has
// come; administrators read drafts and write in the system scope. `published` also filters
// in the query, so a reader never depends on the policy alone.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { ArticleArea, ArticleListQuery, ArticleSource, ArticleStatus, ArticleSummary } from '../articles.contract';

export interface ArticleTable {
  id: Generated<string>;
  title: string;
  summary: string;
  body: string;
  category: string;
  tags: string[];
  area: ArticleArea;
  status: ArticleStatus;
  published_on: string;
  sources: ArticleSource[];
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    articles: ArticleTable;
  }
}

export type ArticleRow = ArticleSummary & { body: string; sources: ArticleSource[] };

const summaryColumns = sql`a.id, a.title, a.summary, a.category, a.tags, a.area, a.status,
  to_char(a.published_on, 'YYYY-MM-DD') AS published_on, to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;
const publishedOnly = sql`a.status = 'published' AND a.published_on <= current_date`;

/** One page of articles: with `search`, the best matches of title, summary and body first. */
export async function findArticlePage(
  db: DbOrTrx,
  input: { query: ArticleListQuery; paging: Paging; published: boolean },
): Promise<{ rows: ArticleSummary[]; count: number }> {
  const { query } = input;
  const terms = query.search ? sql`websearch_to_tsquery('english', ${query.search})` : null;
  const where = sql`TRUE
    ${input.published ? sql`AND ${publishedOnly}` : query.status?.length ? sql`AND a.status = ANY (${sql.val(query.status)}::text[])` : sql``}
    ${terms ? sql`AND a.search @@ ${terms}` : sql``}
    ${query.category ? sql`AND a.category = ${query.category}` : sql``}
    ${query.area ? sql`AND a.area = ${query.area}` : sql``}
    ${query.tag ? sql`AND ${query.tag} = ANY (a.tags)` : sql``}`;
  const order = terms ? sql`ts_rank(a.search, ${terms}) DESC, a.published_on DESC, a.id` : sql`a.published_on DESC, a.id`;
  const rows = await sql<ArticleSummary>`
    SELECT ${summaryColumns} FROM articles a WHERE ${where}
    ORDER BY ${order} LIMIT ${input.paging.limit} OFFSET ${input.paging.offset}`.execute(db);
  const total = await sql<{ n: string }>`SELECT count(*) AS n FROM articles a WHERE ${where}`.execute(db);
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) };
}

export async function findArticle(db: DbOrTrx, input: { id: string; published: boolean }): Promise<ArticleRow | undefined> {
  const { rows } = await sql<ArticleRow>`
    SELECT ${summaryColumns}, a.body, a.sources FROM articles a
    WHERE a.id = ${input.id}::uuid ${input.published ? sql`AND ${publishedOnly}` : sql``}`.execute(db);
  return rows[0];
}

/** Up to `limit` other published articles: same category first, then shared tags, then the same area. */
export async function findRelatedArticles(db: DbOrTrx, article: ArticleRow, limit = 3): Promise<ArticleSummary[]> {
  const { rows } = await sql<ArticleSummary>`
    SELECT ${summaryColumns} FROM articles a
    WHERE a.id <> ${article.id}::uuid AND ${publishedOnly}
    ORDER BY (a.category = ${article.category})::int * 4
           + cardinality(ARRAY(SELECT unnest(a.tags) INTERSECT SELECT unnest(${sql.val(article.tags)}::text[]))) * 2
           + (a.area = ${article.area})::int DESC,
             a.published_on DESC, a.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findArticleCategories(db: DbOrTrx, input: { published: boolean }): Promise<{ name: string; count: number }[]> {
  const { rows } = await sql<{ name: string; count: string }>`
    SELECT a.category AS name, count(*) AS count FROM articles a
    ${input.published ? sql`WHERE ${publishedOnly}` : sql``}
    GROUP BY a.category ORDER BY a.category`.execute(db);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

export type ArticleWrite = Omit<ArticleTable, 'id' | 'created_at' | 'updated_at' | 'created_by'>;

const forDb = (values: ArticleWrite) => ({
  ...values,
  tags: sql<string[]>`${sql.val(values.tags)}::text[]`,
  sources: JSON.stringify(values.sources) as unknown as ArticleSource[],
});

export async function insertArticle(db: DbOrTrx, input: { values: ArticleWrite; createdBy: string }): Promise<string> {
  const row = await db
    .insertInto('articles')
    .values({ ...forDb(input.values), created_by: input.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateArticle(db: DbOrTrx, input: { id: string; values: ArticleWrite }): Promise<boolean> {
  const row = await db
    .updateTable('articles')
    .set({ ...forDb(input.values), updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteArticle(db: DbOrTrx, id: string): Promise<boolean> {
  const result = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
