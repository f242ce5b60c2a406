// /change-password: the signed-in user's current password and a new one (PUT /api/password).
// The answer is a new session — every other one of the user's sessions ends — so its token
// replaces the stored one. Signed out, the page points to login and to the reset link.
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { getToken } from '../../../client/auth/token-store';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { FieldErrors } from '../../../shared/app-error';
import { changePassword } from './auth.api';
import { AuthCard } from './auth-card';
import { formProblem } from './form-problem';
import { ProblemAlert } from '../../../client/ui/problem-alert';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { currentClaims, homePathFor, saveRefreshedSession } from '../../../client/auth/session-store';

export const PASSWORD_CHANGED = 'Password changed.';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    meta: { errorToast: false },
    onSuccess: async (session) => {
      saveRefreshedSession(session);
      showSuccessToast({ message: PASSWORD_CHANGED });
      await navigate({ to: homePathFor(currentClaims()) });
    },
  });

  if (!getToken()) {
    return (
      <AuthCard title="Change your password">
        <Text>Log in first to change your password. If you have forgotten it, you can reset it by e-mail.</Text>
        <Button component={Link} to="/login">
          Go to login
        </Button>
        <Anchor component={Link} to="/reset-password">
          Reset your password
        </Anchor>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPassword.check();
    if (current === '') found.current_password = ['Field is required.'];
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ current_password: current, password: newPassword.password });
  }

  const problem = mutation.isError ? formProblem(mutation.error) : null;
  const fieldErrors = { ...problem?.fieldErrors, ...errors };
  return (
    <AuthCard title="Change your password">
      <form onSubmit={submit} noValidate aria-label="Change your password">
        <Stack gap="md">
          <Text size="sm">Changing your password signs you out everywhere else.</Text>
          <ProblemAlert problem={problem?.message} />
          <PasswordInput
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={fieldErrors.current_password?.[0]}
          />
          <NewPasswordFields {...newPassword.fields} errors={fieldErrors} />
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
          <Anchor component={Link} to={homePathFor(currentClaims())} size="sm">
            Cancel
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
