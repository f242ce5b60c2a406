// The calls of the personal, contact, next-of-kin, notes and custom-fields tabs (SPEC §7).
// Query keys start with the SPEC §3 resource name, so a realtime event naming the resource
// refreshes them. Personal details (NI number, health, bank) and notes are never persisted to
// the offline cache (`meta.sensitive`).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../client/api/api-client';
import type { ListResponse } from '../../../../shared/list';
import {
  recordsAPaths,
  recordsAResources,
  type AboutMe,
  type ContactDetails,
  type CreateNextOfKinInput,
  type CreateUserNoteInput,
  type NextOfKin,
  type PersonalDetails,
  type UpdateAboutMeInput,
  type UpdateContactDetailsInput,
  type UpdateNextOfKinInput,
  type UpdatePersonalDetailsInput,
  type UpdateUserCustomFieldsInput,
  type UpdateUserNoteInput,
  type UserCustomFields,
  type UserNote,
  type UserNoteType,
} from '../../records-a.contract';

export const RECORDS_PAGE_SIZE = 10;

export type NotesFilter = { userId: string; type: UserNoteType | null; page: number };

export const recordsAKeys = {
  personalDetails: (userId: string) => [recordsAResources.personalDetails, userId] as const,
  contactDetails: (userId: string) => [recordsAResources.contactDetails, userId] as const,
  aboutMe: (userId: string) => [recordsAResources.aboutMe, userId] as const,
  nextOfKin: (userId: string, page?: number) =>
    page === undefined ? ([recordsAResources.nextOfKin, userId] as const) : ([recordsAResources.nextOfKin, userId, page] as const),
  notes: (filter?: NotesFilter) => (filter ? ([recordsAResources.notes, filter] as const) : ([recordsAResources.notes] as const)),
  customFields: (userId: string) => [recordsAResources.customFields, userId] as const,
};

export const personalDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: recordsAKeys.personalDetails(userId),
    queryFn: ({ signal }) => apiFetch<PersonalDetails>(recordsAPaths.personalDetails(userId), { signal }),
    meta: { sensitive: true },
  });

export const contactDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: recordsAKeys.contactDetails(userId),
    queryFn: ({ signal }) => apiFetch<ContactDetails>(recordsAPaths.contactDetails(userId), { signal }),
  });

export const aboutMeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: recordsAKeys.aboutMe(userId),
    queryFn: ({ signal }) => apiFetch<AboutMe>(recordsAPaths.aboutMe(userId), { signal }),
  });

export const nextOfKinQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: recordsAKeys.nextOfKin(userId, page),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<NextOfKin>>(recordsAPaths.nextOfKinList, {
        signal,
        query: { user_id: userId, page, limit: RECORDS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const notesQueryOptions = (filter: NotesFilter) =>
  queryOptions({
    queryKey: recordsAKeys.notes(filter),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<UserNote>>(recordsAPaths.notesList, {
        signal,
        query: { user_id: filter.userId, type: filter.type, page: filter.page, limit: RECORDS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    // Disciplinary, grievance and absence notes can hold health details.
    meta: { sensitive: true },
  });

export const customFieldsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: recordsAKeys.customFields(userId),
    queryFn: ({ signal }) => apiFetch<UserCustomFields>(recordsAPaths.customFields(userId), { signal }),
  });

/** A PUT of one person's record that puts the answer in the cache. */
const putRecord =
  <TInput, TAnswer>(path: (userId: string) => string, key: (userId: string) => readonly unknown[]) =>
  (queryClient: QueryClient) => ({
    mutationFn: ({ userId, input }: { userId: string; input: TInput }) => apiFetch<TAnswer>(path(userId), { method: 'PUT', body: input }),
    onSuccess: (answer: TAnswer, { userId }: { userId: string }) => queryClient.setQueryData(key(userId), answer),
  });

export const updatePersonalDetailsMutationOptions = putRecord<UpdatePersonalDetailsInput, PersonalDetails>(
  recordsAPaths.personalDetails,
  recordsAKeys.personalDetails,
);
export const updateContactDetailsMutationOptions = putRecord<UpdateContactDetailsInput, ContactDetails>(
  recordsAPaths.contactDetails,
  recordsAKeys.contactDetails,
);
export const updateAboutMeMutationOptions = putRecord<UpdateAboutMeInput, AboutMe>(recordsAPaths.aboutMe, recordsAKeys.aboutMe);
export const updateCustomFieldsMutationOptions = putRecord<UpdateUserCustomFieldsInput, UserCustomFields>(
  recordsAPaths.customFields,
  recordsAKeys.customFields,
);

export const saveNextOfKinMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: ({ id, input }: { id: string | null; input: CreateNextOfKinInput | UpdateNextOfKinInput }) =>
    id === null
      ? apiFetch<NextOfKin>(recordsAPaths.nextOfKinList, { method: 'POST', body: input })
      : apiFetch<NextOfKin>(recordsAPaths.nextOfKin(id), { method: 'PUT', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsAKeys.nextOfKin(userId) }),
});

export const deleteNextOfKinMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (id: string) => apiFetch<void>(recordsAPaths.nextOfKin(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsAKeys.nextOfKin(userId) }),
});

export const saveNoteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string | null; input: CreateUserNoteInput | UpdateUserNoteInput }) =>
    id === null
      ? apiFetch<UserNote>(recordsAPaths.notesList, { method: 'POST', body: input })
      : apiFetch<UserNote>(recordsAPaths.note(id), { method: 'PUT', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsAKeys.notes() }),
});

export const deleteNoteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(recordsAPaths.note(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsAKeys.notes() }),
});
