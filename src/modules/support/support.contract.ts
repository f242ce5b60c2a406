// The contact-us form: a company user writes to the support team;
// authorised contacts may choose the HR or H&S advice team instead. Administrators read them.
import * as v from 'valibot';
import { MESSAGE_MAX_LENGTH } from '../../shared/constants';
import type { ListResponse } from '../../shared/list';
import { requiredMultilineTextField } from '../../shared/validators';

export const CONTACT_TYPES = ['support', 'hr', 'hs'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** the department choice for authorised contacts. */
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  support: 'Support team',
  hr: 'HR advice team',
  hs: 'H&S advice team',
};

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

/** What administrators list: the sender's name and company beside the request. */
export type ContactRequestListItem = ContactRequest & {
  /** null once the sender's account is gone. */
  user_id: string | null;
  sender_name: string;
  sender_email: string;
  company_name: string;
  handled_at: string | null;
};
export type ContactRequestList = ListResponse<ContactRequestListItem>;
