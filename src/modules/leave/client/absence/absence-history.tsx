// An absence's history (its events, oldest first) and the comment box under it.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { EventTimeline } from '../../../../client/ui/event-timeline';
import { TextareaField } from '../../../../client/ui/textarea-field';

import { CommentInputSchema, type AbsenceEvent } from '../../absences.contract';
import { commentMutationOptions, refusalMessage } from '../absences.api';

const ACTION_WORDS: Record<string, string> = {
  requested: 'Requested',
  created: 'Requested',
  reported: 'Reported',
  approved: 'Approved',
  approve: 'Approved',
  declined: 'Declined',
  decline: 'Declined',
  cancelled: 'Cancelled',
  cancel: 'Cancelled',
  cancellation_requested: 'Cancellation requested',
  cancellation_approved: 'Cancellation approved',
  cancellation_declined: 'Cancellation declined',
  comment: 'Comment',
  commented: 'Comment',
  returned: 'Returned to work',
  return: 'Returned to work',
  updated: 'Changed',
};

export const actionWords = (action: string) => ACTION_WORDS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');

export function AbsenceHistory({ absenceId, events }: { absenceId: string; events: AbsenceEvent[] }) {
  const ordered = [...events].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="absence-history">
      <Title order={2} fz="h4" id="absence-history" mb="sm">
        History
      </Title>
      {ordered.length === 0 ? <Text c="dimmed">Nothing has happened yet.</Text> : <EventTimeline events={ordered} wordsOf={actionWords} />}
      <CommentBox absenceId={absenceId} />
    </Paper>
  );
}

function CommentBox({ absenceId }: { absenceId: string }) {
  const queryClient = useQueryClient();
  const comment = useMutation(commentMutationOptions(queryClient));
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = v.safeParse(CommentInputSchema, { body });
    if (!parsed.success) return setError(parsed.issues[0]?.message ?? null);
    comment.mutate(
      { id: absenceId, body: parsed.output.body },
      {
        onSuccess: () => {
          setBody('');
          showSuccessToast({ message: 'Comment added.' });
        },
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label="Add a comment"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs" mt="md">
        <TextareaField
          label="Add a comment"
          maxLength={2000}
          value={body}
          error={error ?? undefined}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={comment.isPending}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
