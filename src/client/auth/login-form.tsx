// The sign-in form of SPEC §2.2 (e-mail and password; the two-factor step, lockout and
// attempt messages join it in the identity issue). Validated with the auth contract's
// schema, the same one the server applies.
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { LoginInputSchema, type LoginInput, type LoginResponse } from '../../modules/auth/auth.contract';
import type { FieldErrors } from '../../shared/app-error';
import { fieldErrorsFromIssues } from '../../shared/validation';
import { login, loginErrorMessage } from './auth.api';
import classes from './login-page.module.css';

type LoginFormProps = { onSignedIn: (response: LoginResponse, input: LoginInput) => void | Promise<void> };

const fieldClasses = { label: classes.label, error: classes.fieldError };

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: login,
    // The form explains a refused sign-in itself.
    meta: { errorToast: false },
    onSuccess: (response, input) => onSignedIn(response, input),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = v.safeParse(LoginInputSchema, { email, password });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.issues));
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.output);
  }

  const submitting = mutation.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="md">
        {mutation.isError && (
          <Alert color="red" variant="filled" role="alert">
            {loginErrorMessage(mutation.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email?.[0]}
          classNames={fieldClasses}
          size="md"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password?.[0]}
          classNames={fieldClasses}
          size="md"
        />
        <Anchor href="/reset-password" className={classes.link} size="sm">
          Forgotten your password?
        </Anchor>
        <Button
          type="submit"
          variant="white"
          size="md"
          fullWidth
          disabled={submitting}
          leftSection={submitting ? <Loader size="xs" /> : undefined}
          mt="sm"
        >
          {submitting ? 'Signing in' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
