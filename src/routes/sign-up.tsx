import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../modules/auth/client/auth-card';
import { redirectSignedIn } from '../modules/auth/client/session-guards';
import { SignUpPage } from '../modules/companies/client/sign-up-page';

// A company's owner signs it up; someone signed in already has a company.
export const Route = createFileRoute('/sign-up')({
  beforeLoad: redirectSignedIn,
  component: () => <SignUpPage Frame={AuthCard} />,
});
