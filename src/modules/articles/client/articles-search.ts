// The articles list's address: search, category, area and page; a bad value is dropped. Apart
// from the calls so the route tree (which the sign-in page loads) checks an address alone.
import type { ArticleArea } from '../articles.contract';

export type ArticleSearch = { search?: string; category?: string; area?: ArticleArea; page?: number };

export function parseArticleSearch(raw: Record<string, unknown>): ArticleSearch {
  const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined);
  const search = text(raw.search, 100);
  const category = text(raw.category, 80);
  const area = raw.area === 'hr' || raw.area === 'hs' ? raw.area : undefined;
  const page = Number(raw.page);
  return {
    ...(search ? { search } : {}),
    ...(category ? { category } : {}),
    ...(area ? { area } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}
