// The administrators' inbox of contact requests: the filtered list, one request with its
// notes and replies, and the writes (status and assignee, a note, a reply to the sender).
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import {
  contactInboxPaths,
  contactUsPaths,
  type ContactRequestDetail,
  type ContactRequestList,
  type ContactRequestStatus,
  type ContactRequestUpdate,
  type ContactType,
  type SupportAdministrator,
} from '../support.contract';

export const CONTACT_INBOX_RESOURCE = 'contact-us';
export const INBOX_PAGE_SIZE = 20;

export type InboxFilters = {
  status?: ContactRequestStatus;
  contact_type?: ContactType;
  assigned_to?: string;
  search?: string;
  page: number;
};

export const contactInboxQueryOptions = ({ page, ...filters }: InboxFilters) =>
  queryOptions({
    queryKey: [CONTACT_INBOX_RESOURCE, 'inbox', filters, page] as const,
    queryFn: () =>
      apiFetch<ContactRequestList>(contactUsPaths.contactUs, {
        query: { ...filters, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE },
      }),
    placeholderData: (previous) => previous,
  });

export const contactRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CONTACT_INBOX_RESOURCE, 'one', id] as const,
    queryFn: () => apiFetch<ContactRequestDetail>(contactInboxPaths.request(id)),
  });

export const administratorsQueryOptions = () =>
  queryOptions({
    queryKey: [CONTACT_INBOX_RESOURCE, 'administrators'] as const,
    queryFn: () => apiFetch<{ results: SupportAdministrator[] }>(contactInboxPaths.administrators),
    staleTime: 5 * 60_000,
  });

export const updateContactRequest = (id: string, input: ContactRequestUpdate) =>
  apiFetch<ContactRequestDetail>(contactInboxPaths.request(id), { method: 'PUT', body: input });

export const addContactNote = (id: string, body: string) =>
  apiFetch<ContactRequestDetail>(contactInboxPaths.notes(id), { method: 'POST', body: { body } });

export const replyToContactRequest = (id: string, body: string) =>
  apiFetch<ContactRequestDetail>(contactInboxPaths.replies(id), { method: 'POST', body: { body } });
