// The new password behind an e-mailed reset link (POST /api/password-reset/complete). A used
// or expired link is a 422 on `token`: say so and offer a new link.
import { Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';

import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../shared/app-error';
import { resetLinkInvalidMessage } from '../auth.contract';
import { completePasswordReset } from './auth.api';
import { formProblem } from './form-problem';
import { OutcomePanel, SubmitOrBackToLogin } from './form-notices';
import { ProblemAlert } from '../../../client/ui/problem-alert';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

export const PASSWORD_RESET_DONE = 'Your password has been changed. You can now log in with your new password.';

export function ResetPasswordCompleteForm({ token }: { token: string }) {
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({ mutationFn: completePasswordReset, meta: { errorToast: false } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPassword.check();
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ token, password: newPassword.password });
  }

  if (mutation.isSuccess) {
    return <OutcomePanel tone="success" message={PASSWORD_RESET_DONE} to="/login" action="Go to login" />;
  }
  const problem = mutation.isError ? formProblem(mutation.error) : null;
  if (problem?.fieldErrors?.token) {
    return <OutcomePanel tone="problem" message={resetLinkInvalidMessage} to="/reset-password" action="Request a new link" />;
  }
  const fieldErrors = { ...problem?.fieldErrors, ...errors };
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="md">
        <ProblemAlert problem={problem?.message} />
        <NewPasswordFields {...newPassword.fields} errors={fieldErrors} />
        <SubmitOrBackToLogin label="Save the new password" submitting={mutation.isPending} />
      </Stack>
    </form>
  );
}
