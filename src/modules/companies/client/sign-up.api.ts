// Company sign-up's calls, made without a session: whether sign-up is open here (the sign-in
// page asks too, through the same query), and a request for a company.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { SIGN_UP_ENDPOINT, type SignUpAccepted, type SignUpStatus, type SignUpValues } from '../sign-up.contract';

export const signUpStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-up-status'] as const,
    queryFn: ({ signal }) => apiFetch<SignUpStatus>(SIGN_UP_ENDPOINT, { signal, handleUnauthorised: false, freshToken: false }),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });

export function requestSignUp(input: SignUpValues): Promise<SignUpAccepted> {
  return apiFetch<SignUpAccepted>(SIGN_UP_ENDPOINT, { method: 'POST', body: input, handleUnauthorised: false, freshToken: false });
}
