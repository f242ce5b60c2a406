// Asks for a password-reset link (POST /api/password-reset). The answer is the same whether
// or not the address has an account.
import { Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';

import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { RequiredEmailFieldSchema } from '../../../shared/email-field';
import { passwordResetRequestedMessage } from '../auth.contract';
import { requestPasswordReset } from './auth.api';
import { formProblem } from './form-problem';
import { OutcomePanel, SubmitOrBackToLogin } from './form-notices';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function ResetPasswordRequestForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const mutation = useMutation({ mutationFn: requestPasswordReset, meta: { errorToast: false } });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(RequiredEmailFieldSchema, email);
    setFieldError(parsed.success ? undefined : parsed.issues[0]?.message);
    if (parsed.success) mutation.mutate({ email: parsed.output });
  }

  if (mutation.isSuccess) {
    return <OutcomePanel tone="success" message={passwordResetRequestedMessage} to="/login" action="Back to login" asLink />;
  }
  const problem = mutation.isError ? formProblem(mutation.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        <Text>Enter the e-mail address you sign in with, and we will send you a link to choose a new password.</Text>
        <ProblemAlert problem={problem?.message} />
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          required
          withAsterisk={false}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError ?? problem?.fieldErrors?.email?.[0]}
        />
        <SubmitOrBackToLogin label="Send the link" submitting={mutation.isPending} />
      </Stack>
    </form>
  );
}
