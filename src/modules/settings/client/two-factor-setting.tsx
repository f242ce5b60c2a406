// "My settings": two-factor sign-in (GET/PUT /api/user-2fa). The switch and the way the code
// comes (e-mail, text message, or the authenticator app once one is set up) save at once;
// below them the authenticator app and the passkeys. While impersonating, nothing here can
// change (the server refuses it with the message shown); a company that requires two-factor
// keeps the switch on.
import '@mantine/core/styles/Switch.css';
import { Alert, Divider, Loader, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { showSuccessToast } from '../../../client/shell/toasts';
import { SelectField } from '../../../client/ui/select-field';
import { notWhileImpersonatingMessage, TWO_FACTOR_METHODS, type TwoFactorMethod } from '../../auth/auth.contract';
import { SETTINGS_SAVED } from './email-notifications-setting';
import { AuthenticatorSetting } from './authenticator-setting';
import { PasskeysSetting } from './passkeys-setting';
import { SettingProblem, settingProblem } from './setting-problem';
import { twoFactorQueryOptions, updateTwoFactorMutationOptions } from './two-factor.api';

export const REQUIRED_BY_COMPANY = 'Your company asks for a code at every sign-in.';
const METHOD_LABELS: Record<TwoFactorMethod, string> = { mail: 'E-mail', mobile: 'Text message', app: 'Authenticator app' };

export function TwoFactorSetting() {
  const queryClient = useQueryClient();
  const setting = useQuery(twoFactorQueryOptions());
  const update = useMutation(updateTwoFactorMutationOptions(queryClient));
  const impersonating = readTokenClaims(getToken())?.imp === true;

  if (setting.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (setting.isError) return <Alert color="red">{settingProblem(setting.error)}</Alert>;
  const current = update.isPending && update.variables ? update.variables : setting.data;
  const save = (change: Partial<{ enabled: boolean; method: TwoFactorMethod }>) =>
    update.mutate(
      { enabled: current.enabled, method: current.method, ...change },
      { onSuccess: () => showSuccessToast({ message: SETTINGS_SAVED }) },
    );
  const locked = impersonating || update.isPending;
  const problem = settingProblem(update.error);
  const methods = TWO_FACTOR_METHODS.map((method) => ({
    value: method,
    label: METHOD_LABELS[method],
    disabled: method === 'app' && !setting.data.authenticator,
  }));

  return (
    <Stack gap="sm">
      <Switch
        label="Two-factor authentication"
        description={
          impersonating
            ? notWhileImpersonatingMessage
            : setting.data.required_by_company
              ? REQUIRED_BY_COMPANY
              : 'Ask for a code as well as the password when I sign in.'
        }
        checked={current.enabled || setting.data.required_by_company}
        disabled={locked || setting.data.required_by_company}
        onChange={(event) => save({ enabled: event.currentTarget.checked })}
      />
      <SelectField
        label="Two-factor method"
        required
        data={methods}
        value={current.method}
        disabled={locked}
        description={setting.data.contact ? `Codes go to ${setting.data.contact}.` : undefined}
        onChange={(method) => method && save({ method: method as TwoFactorMethod })}
      />
      <SettingProblem problem={problem} />
      <Divider />
      <Title order={3} size="h5">
        Authenticator app
      </Title>
      <AuthenticatorSetting setting={setting.data} locked={impersonating} />
      <Divider />
      <Title order={3} size="h5">
        Passkeys
      </Title>
      <PasskeysSetting setting={setting.data} locked={impersonating} />
    </Stack>
  );
}
