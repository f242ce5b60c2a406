// A link's token, sent to the server once (whatever React does with effects: a second send
// would find the link used), and what to tell the person when it is missing or refused.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formProblem } from './form-problem';

export function useLinkToken<T>(options: {
  token: string | null;
  send: (input: { token: string }) => Promise<T>;
  onSuccess?: (answer: T) => Promise<void> | void;
  /** Shown when the address has no token at all. */
  missing: string;
}) {
  const { token, send, onSuccess, missing } = options;
  const mutation = useMutation({ mutationFn: send, meta: { errorToast: false }, ...(onSuccess ? { onSuccess } : {}) });
  const sentFor = useRef<string | null>(null);
  const { mutate } = mutation;
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  let problem: string | null = token ? null : missing;
  if (mutation.isError) {
    const found = formProblem(mutation.error);
    problem = found.fieldErrors?.token?.[0] ?? found.message;
  }
  return { mutation, problem };
}
