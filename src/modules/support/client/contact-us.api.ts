// POST /api/contact-us for the contact support modal. A 422 carries field errors
// (the query client leaves 422 to the form); success is the "Request submitted." toast.
// Queueable: with no network the outbox keeps it and the answer is a QueuedResponse; a refused
// one opens Contact support again from the outbox, to correct.
import { apiFetch } from '../../../client/api/api-client';
import { DIALOG_FORMS } from '../../../client/offline/outbox-correction';
import type { QueuedResponse } from '../../../shared/sw-messages';
import { contactUsPaths, ContactRequestSchema, type ContactRequest, type ContactRequestInput } from '../support.contract';

export const CONTACT_US_RESOURCE = 'contact-us';

export function sendContactRequest(input: ContactRequestInput): Promise<ContactRequest | QueuedResponse> {
  return apiFetch<ContactRequest>(contactUsPaths.contactUs, {
    method: 'POST',
    body: input,
    queue: { resource: CONTACT_US_RESOURCE, label: 'Message to support', schema: ContactRequestSchema, form: DIALOG_FORMS.contactSupport },
  });
}

export const contactUsMutationOptions = () => ({
  mutationFn: sendContactRequest,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
});
