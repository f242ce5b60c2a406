// /leave-and-absences/request (the PWA shortcut "Request leave"): the request form with its
// live summary. Everyone in a company may ask for leave for themselves; those whose
// /api/user-absence scope reaches others may book for them too.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../client/shell/page-title';
import { LeaveNav } from './leave-nav';
import { RequestForm } from './request/request-form';
import { signedInUser } from './requests.api';
import { LEAVE_SCREENS } from './leave.screens';

export function RequestPage() {
  usePageTitle(LEAVE_SCREENS.request.heading);
  const { id } = signedInUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{LEAVE_SCREENS.request.heading}</Title>
        <Text c="dimmed">{LEAVE_SCREENS.request.lede}</Text>
      </Stack>
      <LeaveNav />
      {id ? <RequestForm selfId={id} /> : <Alert color="red">Please sign in again.</Alert>}
    </Stack>
  );
}
