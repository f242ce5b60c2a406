// The administrators' own accounts: the list, inviting another, removing one.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { SUPPORT_TEAMS_RESOURCE } from '../../chat/chat.contract';
import {
  administratorPath,
  ADMINISTRATORS_ENDPOINT,
  ADMINISTRATORS_RESOURCE,
  type Administrator,
  type InviteAdministratorInput,
} from '../administrators.contract';

export const administratorsQueryOptions = () =>
  queryOptions({
    queryKey: [ADMINISTRATORS_RESOURCE] as const,
    queryFn: ({ signal }) => apiFetch<{ results: Administrator[] }>(ADMINISTRATORS_ENDPOINT, { signal }),
  });

export const inviteAdministratorMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: InviteAdministratorInput) => apiFetch<Administrator>(ADMINISTRATORS_ENDPOINT, { method: 'POST', body: input }),
  // The newcomer starts in a support team (the chat module's default).
  onSuccess: () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ADMINISTRATORS_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: [SUPPORT_TEAMS_RESOURCE] }),
    ]),
});

export const removeAdministratorMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(administratorPath(id), { method: 'DELETE' }),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMINISTRATORS_RESOURCE] }),
});
