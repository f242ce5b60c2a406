// "Sign in with Microsoft" / "Sign in with Google" under the sign-in form, shown once the
// e-mail typed is at a domain whose company signs in that way; and, back from the provider at
// /login?code&state, the finish. The code that talks to the server loads only when needed.
import { useEffect, useState } from 'react';
import type { LoginResponse } from '../auth.contract';
import type { LoginOutcome } from './login-failure';
import classes from './login-page.module.css';
import { OtherSignInButton } from './passkey-button';

const LABELS: Record<string, string> = { microsoft: 'Microsoft', google: 'Google' };
const load = () => import('./provider-sign-in');
const returnParams = () => {
  const params = new URLSearchParams(window.location.search);
  return params.has('state') && (params.has('code') || params.has('error')) ? params : null;
};
// Once per page load, however often the form mounts (React's strict mode mounts twice).
let finishing: ReturnType<Awaited<ReturnType<typeof load>>['finishProviderSignIn']> | null = null;

type ProviderButtonProps = {
  email: string;
  disabled: boolean;
  onSignedIn: (response: LoginResponse & { email: string }) => void | Promise<void>;
  onRefused: (outcome: LoginOutcome) => void;
};

export function ProviderButton({ email, disabled, onSignedIn, onRefused }: ProviderButtonProps) {
  // What the server said for which domain: an answer for an earlier address is not shown.
  const [found, setFound] = useState<{ domain: string; provider: string | null }>({ domain: '', provider: null });
  const [busy, setBusy] = useState(() => returnParams() !== null);
  const domain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(email.trim())?.[1]?.toLowerCase() ?? '';
  const provider = found.domain === domain ? found.provider : null;

  useEffect(() => {
    const params = returnParams();
    if (!params) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    finishing ??= load().then((module) => module.finishProviderSignIn(params));
    void finishing.then(async (result) => {
      finishing = null;
      if ('response' in result) await onSignedIn(result.response);
      else onRefused(result.outcome);
      setBusy(false);
    });
  }, [onSignedIn, onRefused]);

  useEffect(() => {
    if (!domain) return;
    const timer = window.setTimeout(() => {
      void load()
        .then((module) => module.findProvider(`someone@${domain}`))
        .then((answer) => setFound({ domain, provider: answer.provider }))
        .catch(() => setFound({ domain, provider: null }));
    }, 300);
    return () => window.clearTimeout(timer);
  }, [domain]);

  async function start() {
    setBusy(true);
    const result = await (await load()).startProviderSignIn(email.trim());
    if (result) {
      onRefused(result.outcome);
      setBusy(false);
    }
  }

  if (busy && !provider)
    return (
      <p role="status" className={classes.intro}>
        Signing you in…
      </p>
    );
  if (!provider) return null;
  return (
    <OtherSignInButton disabled={disabled} busy={busy} onClick={() => void start()}>
      Sign in with {LABELS[provider] ?? provider}
    </OtherSignInButton>
  );
}
