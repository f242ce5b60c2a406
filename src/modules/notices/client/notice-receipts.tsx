// Who has and has not read and acknowledged a notice: for its managers everyone addressed,
// for a department manager their own people. Refreshed live by the company's notices event.
// "Remind the rest" goes once, to those still waiting.
import '@mantine/core/styles/SegmentedControl.css';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { can } from '../../../client/ui/permission-guard';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { NOTICES_ENDPOINT, type Notice, type NoticeReceipt } from '../notices.contract';
import { personName } from './notice-format';
import { noticeReceiptsQueryOptions, refusalMessage, remindMutationOptions } from './notices.api';

type Filter = 'all' | 'waiting' | 'done';

export function NoticeReceiptsPanel({ notice }: { notice: Notice }) {
  const allowed = can({ endpoint: NOTICES_ENDPOINT, method: 'GET', scope: 'department' }) && notice.published_at !== null;
  const receipts = useQuery({ ...noticeReceiptsQueryOptions(notice.id), enabled: allowed });
  const queryClient = useQueryClient();
  const remind = useMutation(remindMutationOptions(queryClient));
  const [filter, setFilter] = useState<Filter>('all');
  const [problem, setProblem] = useState<string | null>(null);
  if (!allowed || !receipts.data) return null;
  const ack = notice.acknowledgement_required;
  const isDone = (row: NoticeReceipt) => (ack ? row.acknowledged_at !== null : row.read_at !== null);
  const rows = receipts.data.results.filter((row) => (filter === 'all' ? true : filter === 'done' ? isDone(row) : !isDone(row)));
  const waiting = receipts.data.results.filter((row) => !isDone(row) && row.user.id !== notice.author?.id).length;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notice-receipts">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4" id="notice-receipts">
            Read receipts
          </Title>
          {notice.can_manage &&
            (notice.reminded_at ? (
              <Text size="sm" c="dimmed">
                Reminder sent {formatLondon(notice.reminded_at, DATE_FORMATS.dateTime)}
              </Text>
            ) : (
              waiting > 0 && (
                <ConfirmButton
                  variant="light"
                  size="xs"
                  title="Remind the rest?"
                  message={`${waiting} ${waiting === 1 ? 'person has' : 'people have'} not ${ack ? 'acknowledged' : 'read'} it yet. They get one reminder; it can be sent only once.`}
                  confirmLabel="Send reminder"
                  color="blue"
                  onConfirm={() =>
                    remind.mutateAsync(notice.id).then(
                      (result) => showSuccessToast({ message: `Reminder sent to ${result.reminded}.` }),
                      (error: unknown) => {
                        setProblem(refusalMessage(error) ?? 'Error occurred');
                        throw error;
                      },
                    )
                  }
                >
                  Remind the rest
                </ConfirmButton>
              )
            ))}
        </Group>
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Text size="sm" data-testid="receipt-counts">
          Read by {receipts.data.read} of {receipts.data.audience}
          {ack ? ` · Acknowledged by ${receipts.data.acknowledged} of ${receipts.data.audience}` : ''}
        </Text>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { value: 'all', label: 'Everyone' },
            { value: 'waiting', label: ack ? 'Not acknowledged' : 'Not read' },
            { value: 'done', label: ack ? 'Acknowledged' : 'Read' },
          ]}
        />
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Receipts">
          {rows.map((row) => (
            <Group key={row.user.id} component="li" justify="space-between" gap="xs" wrap="nowrap" py={4}>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {personName(row.user)}
                </Text>
                {row.department && (
                  <Text size="xs" c="dimmed">
                    {row.department}
                  </Text>
                )}
              </Stack>
              {row.acknowledged_at ? (
                <Badge
                  color="green"
                  variant="light"
                  style={{ flex: 'none' }}
                  title={formatLondon(row.acknowledged_at, DATE_FORMATS.dateTime)}
                >
                  Acknowledged
                </Badge>
              ) : row.read_at ? (
                <Badge color="blue" variant="light" style={{ flex: 'none' }}>
                  Read
                </Badge>
              ) : (
                <Badge color="gray" variant="light" style={{ flex: 'none' }}>
                  Not read
                </Badge>
              )}
            </Group>
          ))}
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              Nobody here.
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
