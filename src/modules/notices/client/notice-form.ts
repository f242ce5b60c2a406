// The notice form's values and their mapping to the API: publish now or at a London date and
// time, an optional last day, the audience and its departments or locations.
import { DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import type { Notice, NoticeAudience, NoticeInput } from '../notices.contract';

export type NoticeFormValues = {
  title: string;
  body: string;
  audience: NoticeAudience;
  department_ids: string[];
  location_ids: string[];
  when: 'now' | 'later';
  /** yyyy-MM-dd and HH:mm, London. */
  publish_date: string;
  publish_time: string;
  expires_on: string;
  pinned: boolean;
  acknowledgement_required: boolean;
  send_email: boolean;
};

export function emptyNoticeForm(companyWide: boolean): NoticeFormValues {
  return {
    title: '',
    body: '',
    audience: companyWide ? 'everyone' : 'departments',
    department_ids: [],
    location_ids: [],
    when: 'now',
    publish_date: '',
    publish_time: '09:00',
    expires_on: '',
    pinned: false,
    acknowledgement_required: false,
    send_email: false,
  };
}

export function noticeFormValuesOf(notice: Notice): NoticeFormValues {
  return {
    title: notice.title,
    body: notice.body,
    audience: notice.audience,
    department_ids: notice.department_ids,
    location_ids: notice.location_ids,
    when: notice.published_at ? 'now' : 'later',
    publish_date: formatLondon(notice.publish_at, DATE_FORMATS.isoDate),
    publish_time: formatLondon(notice.publish_at, DATE_FORMATS.time),
    expires_on: notice.expires_on ?? '',
    pinned: notice.pinned,
    acknowledgement_required: notice.acknowledgement_required,
    send_email: notice.send_email,
  };
}

/** The request body; a scheduled time that cannot be read goes as an invalid value, for the server's message. */
export function noticeInputOf(values: NoticeFormValues): NoticeInput {
  let publishAt: string | null = null;
  if (values.when === 'later') {
    try {
      publishAt = londonInstant(values.publish_date, values.publish_time).toISOString();
    } catch {
      publishAt = values.publish_date || 'not a date';
    }
  }
  return {
    title: values.title,
    body: values.body,
    audience: values.audience,
    department_ids: values.audience === 'departments' ? values.department_ids : [],
    location_ids: values.audience === 'locations' ? values.location_ids : [],
    publish_at: publishAt,
    expires_on: values.expires_on || null,
    pinned: values.pinned,
    acknowledgement_required: values.acknowledgement_required,
    send_email: values.send_email,
  };
}
