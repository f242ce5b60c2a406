// How notices read on screen: British dates, the audience in words, the author's name.
import { DATE_FORMATS, formatCalendarDate, formatLondon } from '../../../shared/dates';
import type { Notice, NoticePerson } from '../notices.contract';

export const personName = (person: NoticePerson | null) =>
  person ? `${person.first_name} ${person.surname}`.trim() : 'Someone no longer here';

export function audienceText(notice: Pick<Notice, 'audience' | 'audience_names'>): string {
  if (notice.audience === 'everyone') return 'Everyone';
  const names = notice.audience_names.join(', ');
  return notice.audience === 'departments' ? `Departments: ${names}` : `Locations: ${names}`;
}

/** "Published 03/03/2026 09:00", "Scheduled for …". */
export function whenText(notice: Pick<Notice, 'published_at' | 'publish_at'>): string {
  return notice.published_at
    ? `Published ${formatLondon(notice.published_at, DATE_FORMATS.dateTime)}`
    : `Scheduled for ${formatLondon(notice.publish_at, DATE_FORMATS.dateTime)}`;
}

export const expiryText = (expiresOn: string | null) => (expiresOn ? `Until ${formatCalendarDate(expiresOn, DATE_FORMATS.date)}` : null);

/** A plain-text teaser of the body (the list shows a line or two). */
export function teaser(html: string, length = 160): string {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
