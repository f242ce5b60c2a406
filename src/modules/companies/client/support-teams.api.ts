// Each administrator's support teams (the chat module's resource, shown on /admin/administrators).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import {
  ADMIN_CHAT_RESOURCE,
  SUPPORT_TEAMS_RESOURCE,
  supportTeamPaths,
  type SupportTeamMember,
  type SupportTeamMemberList,
  type UpdateSupportTeamsInput,
} from '../../chat/chat.contract';

export const supportTeamsQueryOptions = () =>
  queryOptions({
    queryKey: [SUPPORT_TEAMS_RESOURCE] as const,
    queryFn: ({ signal }) => apiFetch<SupportTeamMemberList>(supportTeamPaths.list, { signal }),
  });

export const updateSupportTeamsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, ...input }: UpdateSupportTeamsInput & { id: string }) =>
    apiFetch<SupportTeamMember>(supportTeamPaths.member(id), { method: 'POST', body: input }),
  // Your own teams decide what /admin/chat lists.
  onSuccess: () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [SUPPORT_TEAMS_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_CHAT_RESOURCE] }),
    ]),
});
