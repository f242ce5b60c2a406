// Expert articles and insights: guidance the platform's administrators write for every
// company (HR or health and safety), read by every signed-in company user, docs-only users
// too. Full-text search over titles, summaries and bodies; categories; related articles.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import type { ListResponse } from '../../shared/list';
import { fieldMessages, multilineTextField, requiredTextField, searchField, textField } from '../../shared/validators';

export const ARTICLES_RESOURCE = 'article';
export const ARTICLES_ENDPOINT = '/api/article';

export const articlePaths = {
  articles: '/api/article',
  article: (id: string) => `/api/article/${encodeURIComponent(id)}`,
  categories: '/api/article-categories',
} as const;

export const ARTICLE_AREAS = ['hr', 'hs'] as const;
export type ArticleArea = (typeof ARTICLE_AREAS)[number];
export const ARTICLE_AREA_LABELS: Record<ArticleArea, string> = { hr: 'HR', hs: 'Health & safety' };

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_BODY_MAX = 60_000;

export type ArticleSource = { name: string; url: string | null };

export type ArticleSummary = {
  id: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  area: ArticleArea;
  status: ArticleStatus;
  published_on: string;
  updated_at: string;
};

export type Article = ArticleSummary & {
  /** Sanitised, allow-listed HTML. */
  body: string;
  sources: ArticleSource[];
  related: ArticleSummary[];
};

export type ArticleList = ListResponse<ArticleSummary>;
export type ArticleCategory = { name: string; count: number };

const isoDate = v.pipe(v.string('This is not a valid date.'), v.check(isIsoDate, 'This is not a valid date.'));

const SourceSchema = v.object(
  {
    name: requiredTextField({ maxLength: 200 }),
    url: v.nullish(
      v.pipe(
        textField({ maxLength: 500 }),
        v.check((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'This is not a valid web address.'),
      ),
      null,
    ),
  },
  'Field is required.',
);

export const ArticleInputSchema = v.object(
  {
    title: requiredTextField({ maxLength: 200 }),
    summary: requiredTextField({ maxLength: 500 }),
    body: v.pipe(
      multilineTextField({ maxLength: ARTICLE_BODY_MAX, untrimmed: true }),
      v.check((value) => value.trim() !== '', fieldMessages.required),
    ),
    category: requiredTextField({ maxLength: 80 }),
    tags: v.optional(
      v.pipe(v.array(requiredTextField({ maxLength: 40 }), 'Field is required.'), v.maxLength(12, fieldMessages.maxLength)),
      [],
    ),
    area: v.picklist(ARTICLE_AREAS, 'Field is required.'),
    status: v.picklist(ARTICLE_STATUSES, 'Field is required.'),
    published_on: isoDate,
    sources: v.optional(v.pipe(v.array(SourceSchema, 'Field is required.'), v.maxLength(20, fieldMessages.maxLength)), []),
  },
  'Field is required.',
);
export type ArticleInput = v.InferInput<typeof ArticleInputSchema>;
export type ArticleValues = v.InferOutput<typeof ArticleInputSchema>;

export const ArticleListQuerySchema = v.object({
  search: searchField(),
  category: v.optional(textField({ maxLength: 80 })),
  area: v.optional(v.picklist(ARTICLE_AREAS, 'Unknown area.')),
  tag: v.optional(textField({ maxLength: 40 })),
  /** Administrators only: every status (default), or those listed (statuses are always sent as lists, §3). */
  status: v.optional(v.array(v.picklist(ARTICLE_STATUSES, 'Unknown status.'), 'Unknown status.')),
});
export type ArticleListQuery = v.InferOutput<typeof ArticleListQuerySchema>;
