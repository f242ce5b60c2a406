// /overtime/{id} (where overtime_report notifications land): the report, its history, and
// what the viewer may do — approve, decline with a reason, or cancel their own while it waits.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { FormFooter } from '../../../client/ui/form-footer';
import { LoadError } from '../../../client/ui/load-error';
import { TextareaField } from '../../../client/ui/textarea-field';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { OVERTIME_STATUS_LABELS, overtimeMessages, type OvertimeReport } from '../overtime.contract';
import { decisionMutationOptions, overtimeQueryOptions } from './overtime.api';
import { compensationText, shownDate, STATUS_COLOURS, whenText } from './overtime-format';

const at = (instant: string) => formatLondon(instant, DATE_FORMATS.dateTime);

export function OvertimePage({ id }: { id: string }) {
  usePageTitle('Overtime');
  const report = useQuery(overtimeQueryOptions(id));
  return (
    <Stack gap="lg" maw={720}>
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/overtime" />}>
        ← All overtime
      </Anchor>
      {report.isPending ? (
        <Loader aria-label="Loading the report" />
      ) : report.isError ? (
        <LoadError
          what="overtime report"
          error={report.error}
          onRetry={() => void report.refetch()}
          notFound="This overtime report does not exist."
          forbidden
        />
      ) : (
        <ReportDetail report={report.data} />
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text size="sm" c="dimmed" w={130} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function ReportDetail({ report }: { report: OvertimeReport }) {
  const queryClient = useQueryClient();
  const decide = useMutation(decisionMutationOptions(queryClient));
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: 'approve' | 'decline' | 'cancel', done: string) => {
    setProblem(null);
    try {
      await decide.mutateAsync({ id: report.id, action, reason });
      showSuccessToast({ message: done });
      setDeclining(false);
    } catch (error) {
      setProblem(
        isApiError(error) && error.status < 500
          ? (error.fieldErrors?.reason?.join(' ') ?? error.message)
          : 'Something went wrong. Please try again.',
      );
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1}>Overtime of {report.user.name}</Title>
          <Text c="dimmed">{whenText(report)}</Text>
        </Stack>
        <Badge size="lg" color={STATUS_COLOURS[report.status]} variant="light">
          {OVERTIME_STATUS_LABELS[report.status]}
        </Badge>
      </Group>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Fact label="Department">{report.user.department ?? '—'}</Fact>
          <Fact label="Compensation">{compensationText(report)}</Fact>
          {report.estimated_cost !== null && <Fact label="Estimated cost">{formatPounds(report.estimated_cost)}</Fact>}
          <Fact label="Reason">{report.reason}</Fact>
          {report.decline_reason && <Fact label="Declined because">{report.decline_reason}</Fact>}
          {report.toil_expires_on && <Fact label="Use the time by">{shownDate(report.toil_expires_on)}</Fact>}
          {report.exported_at && <Fact label="Sent to payroll">{at(report.exported_at)} (locked)</Fact>}
        </Stack>
      </Card>
      <Stack gap={4} aria-label="History">
        <Title order={2} size="h4">
          History
        </Title>
        <Text size="sm">
          Reported {report.reported_by && report.reported_by.id !== report.user.id ? `by ${report.reported_by.name} ` : ''}on{' '}
          {at(report.created_at)}
        </Text>
        {report.decided_by && report.decided_at && (
          <Text size="sm">
            {report.status === 'declined' ? 'Declined' : 'Approved'} by {report.decided_by.name} on {at(report.decided_at)}
          </Text>
        )}
      </Stack>
      {problem && !declining && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="sm">
        {report.can_approve && (
          <>
            <Button color="green" loading={decide.isPending && !declining} onClick={() => void run('approve', 'Overtime approved.')}>
              Approve
            </Button>
            <Button color="red" variant="light" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </>
        )}
        {report.can_cancel && (
          <ConfirmButton
            variant="default"
            title="Cancel this report?"
            message="It will no longer wait for approval."
            confirmLabel="Cancel report"
            onConfirm={() => run('cancel', 'Report cancelled.')}
          >
            Cancel report
          </ConfirmButton>
        )}
      </Group>
      <Modal opened={declining} onClose={() => setDeclining(false)} title="Decline overtime">
        <Stack gap="sm">
          <TextareaField
            label="Reason"
            required
            maxLength={1000}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={problem ?? undefined}
          />
          <FormFooter
            submitting={decide.isPending}
            onCancel={() => setDeclining(false)}
            cancelLabel="Back"
            label="Decline"
            color="red"
            onSubmit={() =>
              reason.trim() ? void run('decline', 'Overtime declined.') : setProblem(overtimeMessages.declineReasonRequired)
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
