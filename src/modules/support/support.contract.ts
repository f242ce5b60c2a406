// The contact-us form: a company user writes to the support team;
// authorised contacts may choose the HR or H&S advice team instead. Administrators read them.
import * as v from 'valibot';
import { MESSAGE_MAX_LENGTH } from '../../shared/constants';
import type { ListResponse } from '../../shared/list';
import { requiredMultilineTextField, searchField } from '../../shared/validators';
import { CONTACT_TYPES, type ContactType } from '../../shared/contact-types';

export { CONTACT_TYPES, CONTACT_TYPE_LABELS, type ContactType } from '../../shared/contact-types';

export const CONTACT_US_ENDPOINT = '/api/contact-us';
export const contactUsPaths = { contactUs: '/api/contact-us' } as const;

/** the confirmation for non-authorised contacts, word for word. */
export const CONTACT_CONFIRMATION =
  'I understand and confirm that I am sending a message to the support team, not my employer; the team can only help with system queries';
/** the success toast. */
export const CONTACT_SUCCESS_MESSAGE = 'Request submitted.';
export const CONTACT_TYPE_REFUSED = 'Only authorised contacts can send a message to the HR or H&S advice team.';

export const ContactRequestSchema = v.object(
  {
    contact_type: v.optional(v.picklist(CONTACT_TYPES, 'Field is required.'), 'support'),
    message: requiredMultilineTextField({ maxLength: MESSAGE_MAX_LENGTH }),
    company_id: v.pipe(v.string('Field is required.'), v.uuid('Field is required.')),
    // A missing key gets the object's message: the same "Field is required." as an empty one.
  },
  'Field is required.',
);
export type ContactRequestInput = v.InferInput<typeof ContactRequestSchema>;
export type ContactRequestValues = v.InferOutput<typeof ContactRequestSchema>;

/** What the sender gets back. */
export type ContactRequest = {
  id: string;
  contact_type: ContactType;
  message: string;
  company_id: string;
  created_at: string;
};

/** The administrators' inbox: each request is new, in progress or handled. */
export const CONTACT_REQUEST_STATUSES = ['new', 'in_progress', 'handled'] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];
export const CONTACT_REQUEST_STATUS_LABELS: Record<ContactRequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  handled: 'Handled',
};
export const CONTACT_ENTRY_MAX_LENGTH = 2000;

export const contactInboxPaths = {
  request: (id: string) => `/api/contact-us/${id}`,
  notes: (id: string) => `/api/contact-us/${id}/notes`,
  replies: (id: string) => `/api/contact-us/${id}/replies`,
  administrators: '/api/contact-us/administrators',
} as const;

/** What administrators list: the sender's name and company beside the request. */
export type ContactRequestListItem = ContactRequest & {
  /** null once the sender's account is gone. */
  user_id: string | null;
  sender_name: string;
  sender_email: string;
  company_name: string;
  handled_at: string | null;
  status: ContactRequestStatus;
  assigned_to: string | null;
  assigned_name: string | null;
  /** chat: written in the chat panel outside support hours. */
  source: 'form' | 'chat';
};
export type ContactRequestList = ListResponse<ContactRequestListItem>;

/** An internal note (administrators only) or a reply (e-mailed to the sender, and in their bell). */
export type ContactRequestEntry = { id: string; kind: 'note' | 'reply'; body: string; author_name: string; created_at: string };
export type ContactRequestDetail = ContactRequestListItem & { entries: ContactRequestEntry[] };

/**
 * The inbox's filters (GET /api/contact-us); assigned_to is an administrator's id, "me" or
 * "none". `status` is one of the query format's list keys (src/shared/query-string.ts): one or more.
 */
export const ContactInboxQuerySchema = v.object({
  status: v.optional(v.array(v.picklist(CONTACT_REQUEST_STATUSES))),
  contact_type: v.optional(v.picklist(CONTACT_TYPES)),
  assigned_to: v.optional(v.union([v.picklist(['me', 'none']), v.pipe(v.string(), v.uuid())])),
  search: v.optional(searchField()),
});
export type ContactInboxQuery = v.InferOutput<typeof ContactInboxQuerySchema>;

export const ContactRequestUpdateSchema = v.object({
  status: v.optional(v.picklist(CONTACT_REQUEST_STATUSES, 'Field is required.')),
  assigned_to: v.optional(v.nullable(v.pipe(v.string('Field is required.'), v.uuid('Field is required.')))),
});
export type ContactRequestUpdate = v.InferInput<typeof ContactRequestUpdateSchema>;

export const ContactEntrySchema = v.object(
  { body: requiredMultilineTextField({ maxLength: CONTACT_ENTRY_MAX_LENGTH }) },
  'Field is required.',
);
export type ContactEntryInput = v.InferInput<typeof ContactEntrySchema>;

export type SupportAdministrator = { id: string; name: string };
