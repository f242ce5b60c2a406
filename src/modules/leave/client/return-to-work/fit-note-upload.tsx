// The fit-note step (absences longer than SELF_CERTIFICATION_MAX_DAYS calendar days): why it is
// needed and an upload. Files are not queued offline, so without a connection it says so and
// waits; the server's refusal (type, size) is shown under the field.
import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useOnline } from '../../../../client/offline/network';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { fieldMessages } from '../../../../shared/validators';
import type { ReturnToWorkItem } from '../../return-to-work.contract';
import { refusalMessage } from '../absences.api';
import { uploadFitNoteMutationOptions } from '../return-to-work.api';
import { FIT_NOTE_NEEDED, NEEDS_CONNECTION } from './return-to-work-words';

export function FitNoteUpload({ item }: { item: ReturnToWorkItem }) {
  const queryClient = useQueryClient();
  const upload = useMutation(uploadFitNoteMutationOptions(queryClient));
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = () => {
    if (!file) return setError(fieldMessages.required);
    upload.mutate(
      { id: item.id, file },
      {
        onSuccess: () => showSuccessToast({ message: 'Fit note uploaded.' }),
        // A fetch that never reached the server is a lost connection, not a refusal.
        onError: (failure) =>
          setError(
            failure instanceof TypeError
              ? NEEDS_CONNECTION
              : (refusalMessage(failure) ?? 'The file could not be uploaded. Please try again.'),
          ),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text>{FIT_NOTE_NEEDED}. Upload a photo or scan of it here.</Text>
      {!online && (
        <Alert color="gray" variant="light" role="status">
          {NEEDS_CONNECTION}
        </Alert>
      )}
      <form
        noValidate
        aria-label="Upload fit note"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Input.Wrapper label="Fit note" labelProps={{ htmlFor: id }} description="PDF, JPEG or PNG" error={error ?? undefined}>
            <input
              id={id}
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setError(null);
              }}
            />
          </Input.Wrapper>
          <Group justify="flex-end">
            <Button type="submit" loading={upload.isPending} disabled={!online} w={{ base: '100%', sm: 'auto' }}>
              Upload fit note
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
