// /profile ("My profile"): the signed-in user's own profile frame, with the
// onboarding checklist above the tabs until it is complete.
import { Alert } from '@mantine/core';
import { getToken } from '../../../../client/auth/token-store';
import { readTokenClaims } from '../../../../client/auth/token-claims';
import { usePageTitle } from '../../../../client/shell/page-title';
import { ProfileFrame } from './profile-frame';
import { SetupChecklist } from './setup-checklist';

export function MyProfilePage() {
  const userId = readTokenClaims(getToken())?.user_id;
  usePageTitle('My profile');
  if (!userId) return <Alert color="red">Please sign in again.</Alert>;
  return (
    <ProfileFrame userId={userId} self title="My profile">
      <SetupChecklist userId={userId} />
    </ProfileFrame>
  );
}
