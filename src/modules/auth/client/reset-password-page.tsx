// /reset-password: without a token, the request for a link by e-mail; with ?token= (the
// link), the new password. Either way the answer never says whether an address has an account.
import { useLocation } from '@tanstack/react-router';
import { AuthCard } from './auth-card';
import { ResetPasswordCompleteForm } from './reset-password-complete-form';
import { ResetPasswordRequestForm } from './reset-password-request-form';

export function ResetPasswordPage() {
  const { searchStr } = useLocation();
  const token = new URLSearchParams(searchStr).get('token');
  return (
    <AuthCard title={token ? 'Choose a new password' : 'Reset your password'}>
      {token ? <ResetPasswordCompleteForm token={token} /> : <ResetPasswordRequestForm />}
    </AuthCard>
  );
}
