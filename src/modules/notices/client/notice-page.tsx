// /notice/{id}: one notice. Opening it records it read; a notice asking for acknowledgement
// has "I have read and understood" (queued with no signal, sent once when back). Its managers
// also edit, delete, see who has and has not read and acknowledged (live: the company's
// realtime event refreshes the receipts) and send the one reminder.
import '@mantine/core/styles/Skeleton.css';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPin } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { currentClaims } from '../../../client/auth/session-store';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { RichTextView } from '../../../client/ui/rich-text-editor';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { isQueuedResponse } from '../../../shared/sw-messages';
import type { Notice } from '../notices.contract';
import { audienceText, expiryText, personName, whenText } from './notice-format';
import {
  acknowledgeMutationOptions,
  deleteNoticeMutationOptions,
  noticeQueryOptions,
  readNoticeMutationOptions,
  refusalMessage,
} from './notices.api';
import { NoticeReceiptsPanel } from './notice-receipts';
import { BackLink } from '../../../client/ui/back-link';

export function NoticePage({ id }: { id: string }) {
  const notice = useQuery(noticeQueryOptions(id));
  usePageTitle(notice.data?.title ?? 'Notice');
  if (notice.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the notice">
        <Skeleton height={36} width="60%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (notice.isError) {
    return (
      <LoadError
        what="notice"
        error={notice.error}
        onRetry={() => void notice.refetch()}
        notFound="This notice does not exist or is not addressed to you."
      />
    );
  }
  return <NoticeView notice={notice.data} />;
}

function NoticeView({ notice }: { notice: Notice }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const read = useMutation(readNoticeMutationOptions(queryClient));
  const acknowledge = useMutation(acknowledgeMutationOptions(queryClient));
  const remove = useMutation(deleteNoticeMutationOptions(queryClient));
  const [queued, setQueued] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || notice.read_at || !notice.published_at || !navigator.onLine) return;
    asked.current = true;
    read.mutate(notice.id);
  }, [notice.id, notice.read_at, notice.published_at, read]);

  const acknowledgeNow = () =>
    acknowledge.mutate(notice.id, {
      onSuccess: (answer) => {
        if (isQueuedResponse(answer)) {
          setQueued(true);
          showSuccessToast({ message: QUEUED_TOAST_MESSAGE });
        } else showSuccessToast({ message: 'Thank you: your acknowledgement is recorded.' });
      },
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });

  return (
    <Stack gap="lg">
      <BackLink to="/notices">Noticeboard</BackLink>
      <Stack gap="xs">
        <Group gap="xs">
          {notice.pinned && (
            <Badge color="blue" variant="light" leftSection={<IconPin size={12} aria-hidden="true" />}>
              Pinned
            </Badge>
          )}
          {notice.state !== 'current' && <Badge color="gray">{notice.state === 'scheduled' ? 'Scheduled' : 'Expired'}</Badge>}
        </Group>
        <Title order={1}>{notice.title}</Title>
        <Text size="sm" c="dimmed">
          {[whenText(notice), `by ${personName(notice.author)}`, audienceText(notice), expiryText(notice.expires_on)]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <RichTextView html={notice.body} />
      </Paper>
      {notice.acknowledgement_required && notice.published_at && (
        <Paper withBorder radius="md" p="md" aria-live="polite">
          {notice.author?.id !== undefined && notice.author.id === currentClaims()?.user_id ? (
            // The author is not the audience: the server counts their own notice as acknowledged,
            // but telling them so beside receipts of 0 of 22 reads as if someone had.
            <Text>You published this notice. The people it is for are asked to acknowledge it.</Text>
          ) : notice.acknowledged_at ? (
            <Group gap="xs" c="green.8">
              <IconCircleCheck size={20} aria-hidden="true" />
              <Text fw={600}>You acknowledged this notice on {formatLondon(notice.acknowledged_at, DATE_FORMATS.dateTime)}.</Text>
            </Group>
          ) : queued ? (
            <Alert color="yellow" title="Waiting to sync">
              Your acknowledgement will be sent when you are back online.
            </Alert>
          ) : (
            <Stack gap="sm">
              <Text>This notice asks you to confirm that you have read and understood it.</Text>
              <Button color="green" onClick={acknowledgeNow} loading={acknowledge.isPending} style={{ alignSelf: 'flex-start' }}>
                I have read and understood
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      {notice.can_manage && (
        <Group gap="sm">
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/notice/$id/edit" params={{ id: notice.id }} />}>
            Edit
          </Button>
          <ConfirmButton
            color="red"
            variant="light"
            title="Delete this notice?"
            message="It disappears from everyone's noticeboard, with its read receipts. This cannot be undone."
            confirmLabel="Delete"
            onConfirm={() =>
              remove.mutateAsync(notice.id).then(() => {
                showSuccessToast({ message: 'Notice deleted.' });
                void navigate({ to: '/notices' });
              })
            }
          >
            Delete
          </ConfirmButton>
        </Group>
      )}
      <NoticeReceiptsPanel notice={notice} />
    </Stack>
  );
}
