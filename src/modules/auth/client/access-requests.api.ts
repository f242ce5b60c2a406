// The access-request calls (impersonation): queries for the lists and one request, and the
// writes. Every write invalidates the lists by their shared key prefix.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import {
  accessRequestPaths,
  type AccessRequest,
  type AccessRequestList,
  type AccessRequestUser,
  type CreateAccessRequestInput,
  type ImpersonationInfo,
  type ImpersonationSessionResponse,
  type ImpersonationTokenResponse,
} from '../access-requests.contract';

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: (page: number) => [...accessRequestKeys.all, 'list', page] as const,
  users: (id: string) => [...accessRequestKeys.all, 'users', id] as const,
};

export const accessRequestsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: accessRequestKeys.list(page),
    queryFn: ({ signal }) => apiFetch<AccessRequestList>(accessRequestPaths.list, { query: { page }, signal }),
  });

export const grantUsersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accessRequestKeys.users(id),
    queryFn: ({ signal }) => apiFetch<AccessRequestUser[]>(accessRequestPaths.users(id), { signal }),
  });

export function createAccessRequest(input: CreateAccessRequestInput): Promise<AccessRequest> {
  return apiFetch<AccessRequest>(accessRequestPaths.list, { method: 'POST', body: input });
}

export function decideAccessRequest(input: { id: string; decision: 'approve' | 'decline' }): Promise<AccessRequest> {
  return apiFetch<AccessRequest>(accessRequestPaths.one(input.id), { method: 'PUT', body: { decision: input.decision } });
}

export function endAccessRequest(id: string): Promise<AccessRequest> {
  return apiFetch<AccessRequest>(accessRequestPaths.end(id), { method: 'POST' });
}

export function issueImpersonationToken(input: { access_request_id: string; user_id: string }): Promise<ImpersonationTokenResponse> {
  return apiFetch<ImpersonationTokenResponse>(accessRequestPaths.impersonationToken, { method: 'POST', body: input });
}

/** A refused token is the page's to explain, not a lost session. */
export function exchangeImpersonationToken(token: string): Promise<ImpersonationSessionResponse> {
  return apiFetch<ImpersonationSessionResponse>(accessRequestPaths.exchange, {
    method: 'POST',
    body: { token },
    handleUnauthorised: false,
    freshToken: false,
  });
}

/** In an impersonated session: whose account it is and who is acting (the banner on every page). */
export const impersonationQueryOptions = () =>
  queryOptions({
    queryKey: ['impersonation'],
    queryFn: ({ signal }) => apiFetch<ImpersonationInfo>(accessRequestPaths.impersonation, { signal }),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
