// The calls of the personal, contact, next-of-kin, notes and custom-fields tabs.
// Query keys start with resource name, so a realtime event naming the resource
// refreshes them. Personal details (NI number, health, bank) and notes are never persisted to
// the offline cache (`meta.sensitive`).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../client/api/api-client';
import type { ListResponse } from '../../../../shared/list';
import {
  personalRecordPaths,
  personalRecordResources,
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
} from '../../personal-records.contract';

export const RECORDS_PAGE_SIZE = 10;

export type NotesFilter = { userId: string; type: UserNoteType | null; page: number };

export const personalRecordKeys = {
  personalDetails: (userId: string) => [personalRecordResources.personalDetails, userId] as const,
  contactDetails: (userId: string) => [personalRecordResources.contactDetails, userId] as const,
  aboutMe: (userId: string) => [personalRecordResources.aboutMe, userId] as const,
  nextOfKin: (userId: string, page?: number) =>
    page === undefined
      ? ([personalRecordResources.nextOfKin, userId] as const)
      : ([personalRecordResources.nextOfKin, userId, page] as const),
  notes: (filter?: NotesFilter) =>
    filter ? ([personalRecordResources.notes, filter] as const) : ([personalRecordResources.notes] as const),
  customFields: (userId: string) => [personalRecordResources.customFields, userId] as const,
};

export const personalDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: personalRecordKeys.personalDetails(userId),
    queryFn: ({ signal }) => apiFetch<PersonalDetails>(personalRecordPaths.personalDetails(userId), { signal }),
    meta: { sensitive: true },
  });

export const contactDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: personalRecordKeys.contactDetails(userId),
    queryFn: ({ signal }) => apiFetch<ContactDetails>(personalRecordPaths.contactDetails(userId), { signal }),
  });

export const aboutMeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: personalRecordKeys.aboutMe(userId),
    queryFn: ({ signal }) => apiFetch<AboutMe>(personalRecordPaths.aboutMe(userId), { signal }),
  });

export const nextOfKinQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: personalRecordKeys.nextOfKin(userId, page),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<NextOfKin>>(personalRecordPaths.nextOfKinList, {
        signal,
        query: { user_id: userId, page, limit: RECORDS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const notesQueryOptions = (filter: NotesFilter) =>
  queryOptions({
    queryKey: personalRecordKeys.notes(filter),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<UserNote>>(personalRecordPaths.notesList, {
        signal,
        query: { user_id: filter.userId, type: filter.type, page: filter.page, limit: RECORDS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    // Disciplinary, grievance and absence notes can hold health details.
    meta: { sensitive: true },
  });

export const customFieldsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: personalRecordKeys.customFields(userId),
    queryFn: ({ signal }) => apiFetch<UserCustomFields>(personalRecordPaths.customFields(userId), { signal }),
  });

/** A PUT of one person's record that puts the answer in the cache. */
const putRecord =
  <TInput, TAnswer>(path: (userId: string) => string, key: (userId: string) => readonly unknown[]) =>
  (queryClient: QueryClient) => ({
    mutationFn: ({ userId, input }: { userId: string; input: TInput }) => apiFetch<TAnswer>(path(userId), { method: 'PUT', body: input }),
    onSuccess: (answer: TAnswer, { userId }: { userId: string }) => queryClient.setQueryData(key(userId), answer),
  });

export const updatePersonalDetailsMutationOptions = putRecord<UpdatePersonalDetailsInput, PersonalDetails>(
  personalRecordPaths.personalDetails,
  personalRecordKeys.personalDetails,
);
export const updateContactDetailsMutationOptions = putRecord<UpdateContactDetailsInput, ContactDetails>(
  personalRecordPaths.contactDetails,
  personalRecordKeys.contactDetails,
);
export const updateAboutMeMutationOptions = putRecord<UpdateAboutMeInput, AboutMe>(personalRecordPaths.aboutMe, personalRecordKeys.aboutMe);
export const updateCustomFieldsMutationOptions = putRecord<UpdateUserCustomFieldsInput, UserCustomFields>(
  personalRecordPaths.customFields,
  personalRecordKeys.customFields,
);

export const saveNextOfKinMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: ({ id, input }: { id: string | null; input: CreateNextOfKinInput | UpdateNextOfKinInput }) =>
    id === null
      ? apiFetch<NextOfKin>(personalRecordPaths.nextOfKinList, { method: 'POST', body: input })
      : apiFetch<NextOfKin>(personalRecordPaths.nextOfKin(id), { method: 'PUT', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: personalRecordKeys.nextOfKin(userId) }),
});

export const deleteNextOfKinMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (id: string) => apiFetch<void>(personalRecordPaths.nextOfKin(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: personalRecordKeys.nextOfKin(userId) }),
});

export const saveNoteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string | null; input: CreateUserNoteInput | UpdateUserNoteInput }) =>
    id === null
      ? apiFetch<UserNote>(personalRecordPaths.notesList, { method: 'POST', body: input })
      : apiFetch<UserNote>(personalRecordPaths.note(id), { method: 'PUT', body: input }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: personalRecordKeys.notes() }),
});

export const deleteNoteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(personalRecordPaths.note(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: personalRecordKeys.notes() }),
});
