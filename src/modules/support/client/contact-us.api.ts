// POST /api/contact-us (SPEC §7) for the contact support modal. A 422 carries field errors
// (the query client leaves 422 to the form); success is SPEC §8's "Request submitted." toast.
import { apiFetch } from '../../../client/api/api-client';
import { contactUsPaths, type ContactRequest, type ContactRequestInput } from '../support.contract';

export function sendContactRequest(input: ContactRequestInput): Promise<ContactRequest> {
  return apiFetch<ContactRequest>(contactUsPaths.contactUs, { method: 'POST', body: input });
}

export const contactUsMutationOptions = () => ({
  mutationFn: sendContactRequest,
});
