// The noticeboard: notices a company's managers publish to everyone, to departments or to
// locations, now or at a set time, pinned or not, some asking to be acknowledged. People
// read and acknowledge them; the author and managers see who has. The one truth client and
// server share: names, paths, schemas, the shapes the API answers with.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import type { ListResponse } from '../../shared/list';
import { fieldMessages, multilineTextField, requiredTextField, searchField } from '../../shared/validators';

export const NOTICES_RESOURCE = 'notices';
export const NOTICES_ENDPOINT = '/api/notices';

/**
 * What any notice write makes stale: the lists, a notice and its receipts (query keys start
 * with the resource name). The bell is refreshed by each notification's own event.
 */
export const NOTICES_INVALIDATES = [NOTICES_RESOURCE] as const;

export const noticePaths = {
  notices: '/api/notices',
  notice: (id: string) => `/api/notices/${encodeURIComponent(id)}`,
  read: (id: string) => `/api/notices/${encodeURIComponent(id)}/read`,
  acknowledge: (id: string) => `/api/notices/${encodeURIComponent(id)}/acknowledge`,
  receipts: (id: string) => `/api/notices/${encodeURIComponent(id)}/receipts`,
  remind: (id: string) => `/api/notices/${encodeURIComponent(id)}/remind`,
} as const;

export const NOTICE_AUDIENCES = ['everyone', 'departments', 'locations'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** current: published and not expired; scheduled: waiting for its time; expired: past its expiry. */
export const NOTICE_STATES = ['current', 'scheduled', 'expired'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const NOTICE_TITLE_MAX = 150;
export const NOTICE_BODY_MAX = 20_000;

export const noticeMessages = {
  audienceEmpty: 'Choose at least one.',
  ownDepartmentsOnly: 'You can address only the departments you manage.',
  managersOnly: 'Only owners and HR admins can address everyone or locations.',
  expiryBeforePublish: 'The expiry must be after the publish date.',
  notAcknowledgeable: 'This notice does not ask for acknowledgement.',
  alreadyReminded: 'The reminder has already been sent.',
  notPublished: 'The notice is not published yet.',
  unknownDepartment: 'This is not a department of your company.',
  unknownLocation: 'This is not a location of your company.',
} as const;

const uuidList = (message: string) =>
  v.pipe(
    v.array(
      v.pipe(
        v.string(message),
        v.check((value: string) => isUuid(value), message),
      ),
      message,
    ),
    v.maxLength(100, fieldMessages.maxLength),
  );

const isoDateTime = v.pipe(
  v.string('This is not a valid date.'),
  v.check((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), 'This is not a valid date.'),
);
const isoDate = v.pipe(v.string('This is not a valid date.'), v.check(isIsoDate, 'This is not a valid date.'));

export const NoticeInputSchema = v.pipe(
  v.object(
    {
      title: requiredTextField({ maxLength: NOTICE_TITLE_MAX }),
      /** Rich text (HTML); the server keeps only the allow-list. */
      body: v.pipe(
        multilineTextField({ maxLength: NOTICE_BODY_MAX, untrimmed: true }),
        v.check((value) => value.trim() !== '', fieldMessages.required),
      ),
      audience: v.picklist(NOTICE_AUDIENCES, 'Field is required.'),
      department_ids: v.optional(uuidList(noticeMessages.unknownDepartment), []),
      location_ids: v.optional(uuidList(noticeMessages.unknownLocation), []),
      /** null or absent: publish now; a future instant: scheduled. */
      publish_at: v.nullish(isoDateTime, null),
      /** The last day it shows (London), or none. */
      expires_on: v.nullish(isoDate, null),
      pinned: v.optional(v.boolean('Field is required.'), false),
      acknowledgement_required: v.optional(v.boolean('Field is required.'), false),
      /** Also e-mail the audience (those who have not turned e-mail off). */
      send_email: v.optional(v.boolean('Field is required.'), false),
    },
    'Field is required.',
  ),
  v.forward(
    v.check((input) => input.audience !== 'departments' || input.department_ids.length > 0, noticeMessages.audienceEmpty),
    ['department_ids'],
  ),
  v.forward(
    v.check((input) => input.audience !== 'locations' || input.location_ids.length > 0, noticeMessages.audienceEmpty),
    ['location_ids'],
  ),
);
export type NoticeInput = v.InferInput<typeof NoticeInputSchema>;
export type NoticeValues = v.InferOutput<typeof NoticeInputSchema>;

export const NoticeListQuerySchema = v.object({
  search: searchField(),
  state: v.optional(v.picklist(NOTICE_STATES, 'Unknown state.')),
  unread: v.optional(v.picklist(['1', '0'], 'Unknown value.')),
  pinned: v.optional(v.picklist(['1', '0'], 'Unknown value.')),
});
export type NoticeListQuery = v.InferOutput<typeof NoticeListQuerySchema>;

export type NoticePerson = { id: string; first_name: string; surname: string };

export type Notice = {
  id: string;
  title: string;
  /** Sanitised, allow-listed HTML. */
  body: string;
  audience: NoticeAudience;
  department_ids: string[];
  location_ids: string[];
  /** Names of the departments or locations addressed, for showing. */
  audience_names: string[];
  publish_at: string;
  published_at: string | null;
  expires_on: string | null;
  pinned: boolean;
  acknowledgement_required: boolean;
  send_email: boolean;
  state: NoticeState;
  author: NoticePerson | null;
  /** The caller's own receipt. */
  read_at: string | null;
  acknowledged_at: string | null;
  /** Whether the caller may edit, delete, see receipts and remind. */
  can_manage: boolean;
  reminded_at: string | null;
  created_at: string;
};
export type NoticeList = ListResponse<Notice>;

export type NoticeReceipt = {
  user: NoticePerson;
  department: string | null;
  read_at: string | null;
  acknowledged_at: string | null;
};
export type NoticeReceipts = {
  audience: number;
  read: number;
  acknowledged: number;
  results: NoticeReceipt[];
};
export type RemindResult = { reminded: number };
