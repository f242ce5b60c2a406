// The administrator's access requests on /admin: ask a company for access, see where each
// request stands, and while a grant is open sign in as one of the company's users (through
// /token, which replaces this session) or end the grant early.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { SelectField } from '../../../client/ui/select-field';
import type { AccessRequest } from '../access-requests.contract';
import { accessRequestKeys, endAccessRequest, grantUsersQueryOptions, issueImpersonationToken } from './access-requests.api';
import { AccessRequestList } from './access-request-list';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { RequestAccessModal } from './request-access-modal';

function SignInAs({ request, go }: { request: AccessRequest; go: (path: string) => void }) {
  const users = useQuery(grantUsersQueryOptions(request.id));
  const [userId, setUserId] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: issueImpersonationToken,
    onSuccess: ({ token }) => go(`/token?token=${encodeURIComponent(token)}`),
  });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <SelectField
        label="Sign in as"
        required
        searchable
        w={260}
        data={(users.data ?? []).map((u) => ({
          value: u.id,
          label: `${u.first_name} ${u.surname}${u.role_name ? ` (${u.role_name})` : ''}`,
        }))}
        nothingFoundMessage={users.isPending ? 'Loading...' : 'No active users'}
        value={userId}
        onChange={setUserId}
      />
      <Button
        disabled={!userId}
        loading={issue.isPending}
        onClick={() => userId && issue.mutate({ access_request_id: request.id, user_id: userId })}
      >
        Sign in
      </Button>
    </Group>
  );
}

export function AdminAccessRequests({ go = (path: string) => window.location.assign(path) }: { go?: (path: string) => void }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const end = async (request: AccessRequest) => {
    await endAccessRequest(request.id);
    await queryClient.invalidateQueries({ queryKey: accessRequestKeys.all });
    showSuccessToast({ message: `Access to ${request.company_name} has ended.` });
  };
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="admin-access-requests">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="admin-access-requests">
            Access requests
          </Title>
          <Button onClick={() => setAsking(true)}>Request access</Button>
        </Group>
        <Text size="sm" c="dimmed">
          To see what a company&apos;s user sees, ask the company first. Its owners approve or decline; while access is open you can sign in
          as any of its active users, and everything you do is recorded in the company&apos;s audit log.
        </Text>
        <AccessRequestList
          viewer="administrator"
          empty="You have not asked any company for access yet."
          actions={(request) =>
            request.open ? (
              <>
                <SignInAs request={request} go={go} />
                <ConfirmButton
                  variant="light"
                  color="red"
                  title="End access"
                  message={`End your access to ${request.company_name} now? Any session you have as one of its users ends at once.`}
                  confirmLabel="End access"
                  onConfirm={() => end(request)}
                >
                  End access
                </ConfirmButton>
              </>
            ) : null
          }
        />
      </Stack>
      <RequestAccessModal opened={asking} onClose={() => setAsking(false)} />
    </Paper>
  );
}
