// The last step of onboarding (POST /api/welcome): a password typed twice and the accepted
// terms. The answer is a new session with status active, stored like a sign-in's; the
// onboarding session has ended on the server, so it is replaced before going home.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { FieldErrors } from '../../../shared/app-error';
import { termsNotAcceptedMessage, type LoginResponse } from '../auth.contract';
import { completeWelcome } from './auth.api';
import { formProblem } from './form-problem';
import { ProblemAlert } from '../../../client/ui/problem-alert';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { currentClaims, homePathFor, readSessionEmail, saveSession } from '../../../client/auth/session-store';
import { TermsModal } from './terms-modal';

export const ACCOUNT_READY = { title: 'Success!', message: 'Your account is ready. Welcome to Stafflane!' };

export function WelcomeForm() {
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [accepted, setAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: completeWelcome,
    meta: { errorToast: false },
    onSuccess: async (session: LoginResponse) => {
      saveSession(session, readSessionEmail() ?? '');
      showSuccessToast(ACCOUNT_READY);
      await navigate({ to: homePathFor(currentClaims()) });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = newPassword.check();
    if (!accepted) found.accept_terms = [termsNotAcceptedMessage];
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ password: newPassword.password, accept_terms: true });
  }

  const problem = mutation.isError ? formProblem(mutation.error) : null;
  const fieldErrors = { ...problem?.fieldErrors, ...errors };
  return (
    <form onSubmit={submit} noValidate aria-label="Set your password">
      <Stack gap="md">
        <Text>Set your password to finish setting up your account.</Text>
        <ProblemAlert problem={problem?.message} />
        <NewPasswordFields {...newPassword.fields} errors={fieldErrors} />
        <Stack gap={4}>
          <Checkbox
            label="I accept the terms and conditions"
            name="accept_terms"
            checked={accepted}
            onChange={(event) => setAccepted(event.currentTarget.checked)}
            error={fieldErrors.accept_terms?.[0]}
          />
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setTermsOpen(true)}>
            Read the terms and conditions
          </Anchor>
        </Stack>
        <Button type="submit" loading={mutation.isPending}>
          Set your password
        </Button>
      </Stack>
      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />
    </form>
  );
}
