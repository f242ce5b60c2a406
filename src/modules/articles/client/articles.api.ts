// Expert articles' calls: the list (search, category, area), one article with its related
// ones, the categories, and the administrators' writes. Keys start with the resource name,
// so the global realtime event of an article write refreshes every open app.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import {
  ARTICLES_RESOURCE,
  articlePaths,
  type Article,
  type ArticleCategory,
  type ArticleInput,
  type ArticleList,
} from '../articles.contract';
import type { ArticleSearch } from './articles-search';

export type { ArticleSearch } from './articles-search';

export const ARTICLE_PAGE_SIZE = 12;

export const articleKeys = {
  list: (search: ArticleSearch, admin: boolean) => [ARTICLES_RESOURCE, 'list', admin ? 'all' : 'published', search] as const,
  detail: (id: string) => [ARTICLES_RESOURCE, 'detail', id] as const,
  categories: () => [ARTICLES_RESOURCE, 'categories'] as const,
};

export const articleListQueryOptions = (search: ArticleSearch, admin = false) =>
  queryOptions({
    queryKey: articleKeys.list(search, admin),
    queryFn: ({ signal }) =>
      apiFetch<ArticleList>(articlePaths.articles, {
        signal,
        query: {
          search: search.search,
          category: search.category,
          area: search.area,
          offset: ((search.page ?? 1) - 1) * ARTICLE_PAGE_SIZE,
          limit: ARTICLE_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Article>(articlePaths.article(id), { signal }),
    retry: (failures, error) => !isApiError(error, 404) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const articleCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: articleKeys.categories(),
    queryFn: ({ signal }) => apiFetch<ArticleCategory[]>(articlePaths.categories, { signal }),
    staleTime: 5 * 60 * 1000,
    meta: { errorToast: false },
  });

const refresh = (queryClient: QueryClient) => invalidateResources(queryClient, [ARTICLES_RESOURCE]);

export const saveArticleMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string | null; input: ArticleInput }) =>
    id
      ? apiFetch<Article>(articlePaths.article(id), { method: 'PUT', body: input })
      : apiFetch<Article>(articlePaths.articles, { method: 'POST', body: input }),
  meta: { errorToast: false },
  onSuccess: () => refresh(queryClient),
});

export const deleteArticleMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(articlePaths.article(id), { method: 'DELETE' }),
  onSuccess: () => refresh(queryClient),
});
