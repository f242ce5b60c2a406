// /login: the centred dark-blue card with the sign-in form and, below it, what
// Stafflane is for. index.html paints the same card before any script runs; the classes
// here and there draw it alike, so nothing moves when the app takes over. Arriving with
// ?logout shows the signed-out toast once and drops the parameter, so a reload does not
// repeat it. Without local storage nobody can stay signed in: a blocking dialog says so.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isLocalStorageAvailable } from '../../../client/auth/token-store';
import { LogoMark } from '../../../client/shell/logo';
import { usePageTitle } from '../../../client/shell/page-title';
import { showInfoToast, showSuccessToast } from '../../../client/shell/toasts';
import { loginMessages, type LoginInput, type LoginResponse } from '../auth.contract';
import { LoginAbout } from './login-about';
import { loginCopy } from './login-copy';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';
import { currentClaims, homePathFor, saveSession } from '../../../client/auth/session-store';
import { SignUpLink } from './sign-up-link';

// Only the few browsers that refuse storage download the dialog.
const StorageBlockedModal = lazy(() => import('./storage-blocked-modal'));

export const LOGGED_OUT_NOTICE = { title: 'You have been logged out!', message: 'See you soon!' };

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { logout } = useSearch({ from: '/login' });
  const [storageBlocked] = useState(() => !isLocalStorageAvailable());

  useEffect(() => {
    if (!logout) return;
    showSuccessToast({ id: 'logged-out', ...LOGGED_OUT_NOTICE });
    void navigate({ to: '/login', search: {}, replace: true });
  }, [logout, navigate]);

  async function signedIn(response: LoginResponse, input: LoginInput) {
    saveSession(response, input.email);
    showSuccessToast({ title: 'Success!', message: 'You have been logged in!' });
    // A recovery code stands in for a lost phone once: straight to setting the app up again.
    if (response.recovery_codes_left !== undefined) {
      showInfoToast({
        id: 'recovery-code-used',
        title: 'Set up two-factor again',
        message: loginMessages.recoveryCodeUsed(response.recovery_codes_left),
      });
      await navigate({ to: '/settings/user-settings' });
      return;
    }
    await navigate({ to: homePathFor(currentClaims()) });
  }

  return (
    <main className={classes.page}>
      <div className={classes.brand}>
        <LogoMark size={36} />
        <span className={classes.brandName}>Stafflane</span>
      </div>
      <section className={classes.card} aria-labelledby="login-heading">
        <h1 id="login-heading" className={classes.heading}>
          {loginCopy.heading}
        </h1>
        <p className={classes.intro}>{loginCopy.intro}</p>
        <LoginForm onSignedIn={signedIn} />
        <SignUpLink />
      </section>
      <LoginAbout />
      {storageBlocked && (
        <Suspense fallback={null}>
          <StorageBlockedModal />
        </Suspense>
      )}
    </main>
  );
}
