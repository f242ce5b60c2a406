// "Sign in with a passkey" under the sign-in form. The browser's passkey code
// (@simplewebauthn/browser) is fetched only when pressed, so the sign-in page stays small.
import { useState, type ReactNode } from 'react';
import type { LoginResponse } from '../auth.contract';
import type { LoginOutcome } from './login-failure';
import classes from './login-page.module.css';

type PasskeyButtonProps = {
  disabled: boolean;
  onSignedIn: (response: LoginResponse & { email: string }) => void | Promise<void>;
  onRefused: (outcome: LoginOutcome) => void;
};

export function PasskeyButton({ disabled, onSignedIn, onRefused }: PasskeyButtonProps) {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    try {
      const { signInWithPasskey } = await import('./passkey-sign-in');
      const result = await signInWithPasskey();
      if ('response' in result) await onSignedIn(result.response);
      else if (result.outcome) onRefused(result.outcome);
    } finally {
      setBusy(false);
    }
  }
  return (
    <OtherSignInButton disabled={disabled} busy={busy} onClick={() => void signIn()}>
      Sign in with a passkey
    </OtherSignInButton>
  );
}

/** A way to sign in other than the password (a passkey, the company's provider), under the form; off while one is under way. */
export function OtherSignInButton({
  disabled,
  busy,
  onClick,
  children,
}: {
  disabled: boolean;
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={classes.passkey} disabled={disabled || busy} aria-busy={busy || undefined} onClick={onClick}>
      {children}
    </button>
  );
}
