// The reviewer's step: an optional note and "Close return to work" (PUT …/review).
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { TextareaField } from '../../../../client/ui/textarea-field';
import type { ReturnToWorkItem } from '../../return-to-work.contract';
import { refusalMessage } from '../absences.api';
import { reviewMutationOptions } from '../return-to-work.api';

export function ReviewPanel({ item }: { item: ReturnToWorkItem }) {
  const queryClient = useQueryClient();
  const review = useMutation(reviewMutationOptions(queryClient));
  const [note, setNote] = useState('');
  const close = () =>
    review.mutate({ id: item.id, note: note.trim() || null }, { onSuccess: () => showSuccessToast({ message: 'Return to work closed.' }) });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="return-to-work-review">
      <Stack gap="md">
        <Title order={2} fz="h4" id="return-to-work-review">
          Review
        </Title>
        <TextareaField label="Review note" maxLength={2000} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
        {review.isError && (
          <Alert color="red" role="alert">
            {refusalMessage(review.error) ?? 'The return to work could not be closed. Please try again.'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={close} loading={review.isPending} w={{ base: '100%', sm: 'auto' }}>
            Close return to work
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
