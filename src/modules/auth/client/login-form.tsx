// The sign-in form: e-mail and password, then — when the server asks for it —
// the two-factor code with its countdown. The states live in login-flow.ts; what a refusal
// means, in login-failure.ts.
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import type { LoginInput, LoginResponse } from '../auth.contract';
import { login } from './auth.api';
import { loginCopy } from './login-copy';
import { LoginField } from './login-field';
import { interpretLoginError, type LoginOutcome } from './login-failure';
import { initialLoginState, loginReducer, validateLogin } from './login-flow';
import classes from './login-page.module.css';
import { LoginProblemAlert } from './login-problem-alert';
import { PasskeyButton } from './passkey-button';
import { ProviderButton } from './provider-button';
import { findStaticCard, takeStaticCardInput } from './static-card';

// Most sign-ins never see the code step: it is fetched when the server asks for a code.
const LoginCodeStep = lazy(() => import('./login-code-step'));

type LoginFormProps = { onSignedIn: (response: LoginResponse, input: LoginInput) => void | Promise<void> };

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const mutation = useMutation({
    mutationFn: login,
    // The form explains a refused sign-in itself.
    meta: { errorToast: false },
    onSuccess: (response, input) => onSignedIn(response, input),
    onError: (error) => dispatch({ type: 'refused', outcome: interpretLoginError(error), now: Date.now() }),
  });
  const expired = useCallback(() => dispatch({ type: 'expired' }), []);
  // A passkey, Microsoft or Google: signed in with no password typed.
  const signedInWithout = useCallback(
    (response: LoginResponse & { email: string }) => onSignedIn(response, { email: response.email, password: '' }),
    [onSignedIn],
  );
  const refused = useCallback((outcome: LoginOutcome) => dispatch({ type: 'refused', outcome, now: Date.now() }), []);
  const restart = useCallback(() => dispatch({ type: 'restart' }), []);

  const form = useRef<HTMLFormElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [staticCard] = useState(findStaticCard);
  // What was typed and pressed on index.html's static card until this form replaced it.
  useLayoutEffect(() => {
    const early = takeStaticCardInput(staticCard);
    dispatch({ type: 'takeOver', email: early.email, password: early.password, submit: early.submitted });
    if (early.focused === 'email') emailInput.current?.focus();
    if (early.focused === 'password') passwordInput.current?.focus();
  }, [staticCard]);
  useEffect(() => {
    if (state.submitPending) form.current?.requestSubmit();
  }, [state.submitPending]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = validateLogin(state);
    if ('fieldErrors' in checked) {
      dispatch({ type: 'invalid', fieldErrors: checked.fieldErrors });
      return;
    }
    dispatch({ type: 'submitted' });
    mutation.mutate(checked.input);
  }

  const submitting = mutation.isPending;
  const { fieldErrors } = state;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Login" className={classes.form}>
      {state.problem && <LoginProblemAlert problem={state.problem} />}
      {state.step === 'code' && state.challenge ? (
        <Suspense fallback={null}>
          <LoginCodeStep
            challenge={state.challenge}
            code={state.code}
            error={fieldErrors.two_factor_secret?.[0]}
            onCodeChange={(value) => dispatch({ type: 'edit', field: 'code', value })}
            recovery={state.recovery}
            onExpired={expired}
            onStartAgain={restart}
            onRecovery={(on) => dispatch({ type: 'recovery', on })}
          />
        </Suspense>
      ) : (
        <>
          <LoginField
            id="login-email"
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            ref={emailInput}
            value={state.email}
            onChange={(event) => dispatch({ type: 'edit', field: 'email', value: event.currentTarget.value })}
            error={fieldErrors.email?.[0]}
          />
          <LoginField
            id="login-password"
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            ref={passwordInput}
            value={state.password}
            onChange={(event) => dispatch({ type: 'edit', field: 'password', value: event.currentTarget.value })}
            error={fieldErrors.password?.[0]}
          />
          <Link to="/reset-password" className={classes.link}>
            {loginCopy.forgotPassword}
          </Link>
        </>
      )}
      <button type="submit" className={classes.submit} disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? 'Signing in' : 'Sign in'}
      </button>
      {state.step === 'credentials' && (
        <>
          <PasskeyButton disabled={submitting} onSignedIn={signedInWithout} onRefused={refused} />
          <ProviderButton email={state.email} disabled={submitting} onSignedIn={signedInWithout} onRefused={refused} />
        </>
      )}
    </form>
  );
}
