// One overtime report as a row of the list: who, when, how it is compensated, its status, and
// the approver's quick "Approve" (declining needs a reason: the detail page asks for it).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../../client/api/api-client';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { OVERTIME_STATUS_LABELS, type OvertimeReport } from '../overtime.contract';
import { decisionMutationOptions } from './overtime.api';
import { compensationText, STATUS_COLOURS, whenText } from './overtime-format';

export function OvertimeRow({ report, showPerson }: { report: OvertimeReport; showPerson: boolean }) {
  const queryClient = useQueryClient();
  const decide = useMutation(decisionMutationOptions(queryClient));
  const approve = async () => {
    try {
      await decide.mutateAsync({ id: report.id, action: 'approve' });
      showSuccessToast({ message: `Overtime of ${report.user.name} approved.` });
    } catch (error) {
      if (isApiError(error) && error.status < 500) showDangerToast({ message: error.message });
    }
  };
  return (
    <Card withBorder radius="md" padding="sm" role="listitem">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/overtime/$id" params={{ id: report.id }} />}>
            {showPerson ? report.user.name : whenText(report)}
          </Anchor>
          {showPerson && <Text size="sm">{whenText(report)}</Text>}
          <Text size="sm" c="dimmed">
            {compensationText(report)}
          </Text>
          <Text size="sm" lineClamp={2}>
            {report.reason}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end" style={{ flex: 'none' }}>
          <Badge color={STATUS_COLOURS[report.status]} variant="light">
            {OVERTIME_STATUS_LABELS[report.status]}
          </Badge>
          {report.can_approve && (
            <Button
              size="xs"
              color="green"
              loading={decide.isPending}
              onClick={() => void approve()}
              aria-label={`Approve overtime of ${report.user.name}`}
            >
              Approve
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
