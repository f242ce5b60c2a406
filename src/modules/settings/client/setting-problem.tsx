// What a refused settings change says: the server's own message (a 403 while impersonating,
// a 422's field message), or the "Error occurred" when there is none to show; and how it shows.
import { Alert } from '@mantine/core';
import { isApiError } from '../../../client/api/api-client';
import { ERROR_OCCURRED } from '../../../client/shell/toasts';

export function settingProblem(error: unknown): string | null {
  if (!error) return null;
  if (!isApiError(error) || error.status >= 500) return ERROR_OCCURRED;
  const fieldMessage = Object.values(error.fieldErrors ?? {}).flat()[0];
  return fieldMessage ?? error.message;
}

/** The refusal under the setting, read out when it appears; nothing when there is none. */
export function SettingProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {problem}
    </Alert>
  );
}
