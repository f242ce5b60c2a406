// "Sign up" under the sign-in form, only where sign-up is open (GET /api/sign-up).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiFetch } from '../../../client/api/api-client';
import { SIGN_UP_ENDPOINT, type SignUpStatus } from '../../companies/sign-up-values';
import classes from './login-page.module.css';

export function SignUpLink() {
  const status = useQuery({
    queryKey: ['sign-up-status'],
    queryFn: ({ signal }) => apiFetch<SignUpStatus>(SIGN_UP_ENDPOINT, { signal, handleUnauthorised: false, freshToken: false }),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
  if (!status.data?.open) return null;
  return (
    <p className={classes.signUp}>
      New to Stafflane?{' '}
      <Link to="/sign-up" className={classes.link}>
        Sign up
      </Link>
    </p>
  );
}
