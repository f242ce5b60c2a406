// How articles read on screen.
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { ARTICLE_AREA_LABELS, type ArticleSummary } from '../articles.contract';

export const articleDate = (isoDate: string) => formatCalendarDate(isoDate, DATE_FORMATS.longDate);
export const articleMeta = (article: ArticleSummary) =>
  `${ARTICLE_AREA_LABELS[article.area]} · ${article.category} · ${articleDate(article.published_on)}`;
