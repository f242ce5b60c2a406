// A person's own sign-in access, changed from their profile (the companies module's
// PUT /api/user-access/{id}); the profile's read (user-basic) carries the current state.
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { userAccessPath, type PersonAccessValue, type UpdateUserAccessInput } from '../../companies/setup.contract';
import { directoryKeys } from './directory.api';

export const updateUserAccessMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (input: UpdateUserAccessInput) =>
    apiFetch<{ user_id: string; access: PersonAccessValue }>(userAccessPath(userId), { method: 'PUT', body: input }),
  meta: { errorToast: false },
  onSuccess: () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: directoryKeys.user(userId) }),
      queryClient.invalidateQueries({ queryKey: ['audit-log', userId] }),
    ]),
});
