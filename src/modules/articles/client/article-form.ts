// The article editor's values and the request body they make.
import { londonDate } from '../../../shared/dates';
import type { Article, ArticleArea, ArticleInput, ArticleStatus } from '../articles.contract';

export type ArticleFormValues = {
  title: string;
  summary: string;
  body: string;
  category: string;
  tags: string;
  area: ArticleArea;
  status: ArticleStatus;
  published_on: string;
  sources: { name: string; url: string }[];
};

export const emptyArticleForm = (): ArticleFormValues => ({
  title: '',
  summary: '',
  body: '',
  category: '',
  tags: '',
  area: 'hr',
  status: 'draft',
  published_on: londonDate(new Date()),
  sources: [{ name: '', url: '' }],
});

export const articleFormValuesOf = (article: Article): ArticleFormValues => ({
  title: article.title,
  summary: article.summary,
  body: article.body,
  category: article.category,
  tags: article.tags.join(', '),
  area: article.area,
  status: article.status,
  published_on: article.published_on,
  sources: article.sources.map((source) => ({ name: source.name, url: source.url ?? '' })),
});

export function articleInputOf(values: ArticleFormValues): ArticleInput {
  return {
    title: values.title,
    summary: values.summary,
    body: values.body,
    category: values.category,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    area: values.area,
    status: values.status,
    published_on: values.published_on,
    sources: values.sources
      .filter((source) => source.name.trim() || source.url.trim())
      .map((source) => ({ name: source.name, url: source.url.trim() || null })),
  };
}
