// A query that failed, said the same way on every screen: "not found" and "not allowed" when
// the page gives words for them, otherwise the title "The {what} could not be loaded" with a
// retry (the usual cause is the connection). With no network it is the calm offline state instead.
import { Alert, Button, Group, Text } from '@mantine/core';
import { isApiError } from '../api/api-client';
import { isNetworkFailure, isOffline } from '../offline/network';
import { OfflineEmptyState } from '../offline/offline-empty-state';
import { NOT_ALLOWED_MESSAGE } from './permission-guard';

type LoadErrorProps = {
  /** "absences", "timeline": what could not be loaded. */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** The page's words for a 404; without them a 404 reads like any other failure. */
  notFound?: string;
  /** Say the "You are not allowed to view this content." on a 403. */
  forbidden?: boolean;
};

export function LoadError({ what, error, onRetry, notFound, forbidden = false }: LoadErrorProps) {
  if (isOffline() || isNetworkFailure(error)) return <OfflineEmptyState />;
  if (notFound && isApiError(error, 404)) {
    return (
      <Alert color="gray" role="alert">
        {notFound}
      </Alert>
    );
  }
  if (forbidden && isApiError(error, 403)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {NOT_ALLOWED_MESSAGE}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={`The ${what} could not be loaded`}>
      <Group gap="sm">
        <Text size="sm">Please check your connection and try again.</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
