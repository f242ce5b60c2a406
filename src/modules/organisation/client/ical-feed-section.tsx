// User settings, "iCal feed": a new private link for the signed-in user's calendar feed,
// after a confirmation, because calendars using the old link stop updating.
import { Alert, Code, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { showSuccessToast } from '../../../client/shell/toasts';
import { resetIcalTokenMutationOptions } from './organisation.api';

export function IcalFeedSection() {
  const reset = useMutation(resetIcalTokenMutationOptions());
  return (
    <Stack gap="sm">
      <Text>Your calendar feed has a private link. Reset it if someone else may have it: calendars using the old link stop updating.</Text>
      <div>
        <ConfirmButton
          variant="light"
          color="red"
          title="Reset link"
          message="Calendars using your current link will stop updating. Reset it?"
          confirmLabel="Reset link"
          onConfirm={() => reset.mutateAsync().then(() => showSuccessToast({ message: 'Your calendar link has been reset.' }))}
        >
          Reset link
        </ConfirmButton>
      </div>
      {reset.data && (
        <Alert color="green" variant="light">
          Your new private key: <Code>{reset.data.token}</Code>
        </Alert>
      )}
    </Stack>
  );
}
