// A new password typed twice, checked with the contract's rules (at least 5 characters);
// useNewPassword holds the two and checks them for the form that asks for one.
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import * as v from 'valibot';
import type { FieldErrors } from '../../../shared/app-error';
import { PasswordResetCompleteSchema } from '../auth.contract';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

export function checkNewPassword(password: string, confirmation: string): FieldErrors {
  const parsed = v.safeParse(PasswordResetCompleteSchema.entries.password, password);
  if (!parsed.success) return { password: parsed.issues.map((issue) => issue.message) };
  return password === confirmation ? {} : { password_confirmation: [PASSWORDS_DIFFER] };
}

/** The typed password and its confirmation: `fields` for NewPasswordFields, `check()` on submit. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    check: () => checkNewPassword(password, confirmation),
    fields: { password, confirmation, onPasswordChange: setPassword, onConfirmationChange: setConfirmation },
  };
}

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  errors: FieldErrors;
};

export function NewPasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="New password"
        name="password"
        autoComplete="new-password"
        description="At least 5 characters."
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password?.[0]}
      />
      <PasswordInput
        label="Confirm the new password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        error={errors.password_confirmation?.[0]}
      />
    </>
  );
}
