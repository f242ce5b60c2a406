// /profile ("My profile"): the signed-in user's own profile frame, with the
// onboarding checklist above the tabs until it is complete.
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getToken } from '../../../../client/auth/token-store';
import { readTokenClaims } from '../../../../client/auth/token-claims';
import { usePageTitle } from '../../../../client/shell/page-title';
import { setupChecklistQueryOptions } from '../directory.api';
import { ProfileFrame } from './profile-frame';
import { SetupChecklist } from './setup-checklist';

export function MyProfilePage() {
  const userId = readTokenClaims(getToken())?.user_id;
  usePageTitle('My profile');
  const checklist = useQuery({ ...setupChecklistQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  // The checklist comes above the tabs: the profile's first drawing waits for its first answer
  // (not offline, where none is on its way). Once drawn it stays, whatever the checklist does next.
  const [drawn, setDrawn] = useState(false);
  const checklistOnItsWay = !drawn && checklist.isPending && checklist.fetchStatus === 'fetching';
  if (!checklistOnItsWay && !drawn) setDrawn(true);
  if (!userId) return <Alert color="red">Please sign in again.</Alert>;
  return (
    <ProfileFrame userId={userId} self title="My profile" holding={checklistOnItsWay}>
      <SetupChecklist userId={userId} />
    </ProfileFrame>
  );
}
