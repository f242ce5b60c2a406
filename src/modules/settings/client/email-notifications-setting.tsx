// "My settings": whether notifications that need action are also e-mailed (user-settings'
// email_notifications). The switch saves at once.
import '@mantine/core/styles/Switch.css';
import { Alert, Loader, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../client/shell/toasts';
import { SettingProblem, settingProblem } from './setting-problem';
import { updateUserSettingsMutationOptions, userSettingsQueryOptions } from '../../../client/api/settings.api';

export const SETTINGS_SAVED = 'Your settings have been saved.';

export function EmailNotificationsSetting({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(userSettingsQueryOptions(userId));
  // The refusal is explained beside the switch, so no "Error occurred" toast as well.
  const update = useMutation({ ...updateUserSettingsMutationOptions(queryClient), meta: { errorToast: false } });
  const save = (email_notifications: boolean) =>
    update.mutate({ userId, input: { email_notifications } }, { onSuccess: () => showSuccessToast({ message: SETTINGS_SAVED }) });

  if (settings.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (settings.isError) return <Alert color="red">{settingProblem(settings.error)}</Alert>;
  const problem = settingProblem(update.error);
  return (
    <>
      <Switch
        label="E-mail notifications"
        description="Also send me an e-mail when something needs my action."
        checked={update.isPending ? (update.variables?.input.email_notifications ?? false) : settings.data.email_notifications}
        disabled={update.isPending}
        onChange={(event) => save(event.currentTarget.checked)}
      />
      <SettingProblem problem={problem} />
    </>
  );
}
