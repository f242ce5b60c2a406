// /settings/user-settings/access-requests?request_id=: a company's owners decide
// Stafflane support's requests for access, and end open ones. The notification of a new
// request links here with its id, which is highlighted.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { AccessRequest } from '../access-requests.contract';
import { accessRequestKeys, decideAccessRequest, endAccessRequest } from './access-requests.api';
import { AccessRequestList } from './access-request-list';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';

export function CompanyAccessRequestsPage() {
  usePageTitle('Access requests');
  const { searchStr } = useLocation();
  const highlightId = new URLSearchParams(searchStr).get('request_id') ?? undefined;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.all });
  const decide = useMutation({
    mutationFn: decideAccessRequest,
    onSuccess: async (request) => {
      await refresh();
      showSuccessToast({ message: request.status === 'approved' ? 'Access approved.' : 'Access declined.' });
    },
  });
  const end = async (request: AccessRequest) => {
    await endAccessRequest(request.id);
    await refresh();
    showSuccessToast({ message: 'Access ended.' });
  };

  const actions = (request: AccessRequest) => {
    if (request.status === 'pending') {
      return (
        <>
          <Button
            color="green"
            loading={decide.isPending && decide.variables.id === request.id && decide.variables.decision === 'approve'}
            onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
          >
            Approve
          </Button>
          <ConfirmButton
            variant="light"
            color="red"
            title="Decline access"
            message={`Decline ${request.administrator_name}'s request? Support will not be able to sign in to your company for it.`}
            confirmLabel="Decline"
            onConfirm={() => decide.mutateAsync({ id: request.id, decision: 'decline' })}
          >
            Decline
          </ConfirmButton>
        </>
      );
    }
    if (request.open) {
      return (
        <ConfirmButton
          variant="light"
          color="red"
          title="End access"
          message="End support's access now? Anyone from support signed in to your company is signed out at once."
          confirmLabel="End access"
          onConfirm={() => end(request)}
        >
          End access
        </ConfirmButton>
      );
    }
    return null;
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          Access requests
        </Title>
        <Text c="dimmed" size="sm">
          Stafflane support asks here before signing in to your company to help with a query. Approved access lasts for the time asked and
          can be ended at any moment; everything support does is recorded in your audit log.
        </Text>
      </Stack>
      <AccessRequestList viewer="company" highlightId={highlightId} actions={actions} empty="Stafflane support has not asked for access." />
    </Stack>
  );
}
