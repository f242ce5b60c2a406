// /leave-and-absences/request (the PWA shortcut "Request leave"): the request form with its
// live summary. Everyone in a company may ask for leave for themselves; those whose
// /api/user-absence scope reaches others may book for them too.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../client/shell/page-title';
import { LeaveNav } from './leave-nav';
import { RequestForm } from './request/request-form';
import { signedInUser } from './requests.api';

export function RequestPage() {
  usePageTitle('Request leave');
  const { id } = signedInUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Request leave</Title>
        <Text c="dimmed">Book time off, or choose Sickness to report that you are off sick.</Text>
      </Stack>
      <LeaveNav />
      {id ? <RequestForm selfId={id} /> : <Alert color="red">Please sign in again.</Alert>}
    </Stack>
  );
}
