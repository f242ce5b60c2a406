// Settings › Sign-in security (owners): who must use two-factor, saved at once, and signing in
// with Microsoft or Google — the provider, its issuer, the client ID and secret the provider
// gave, the company's e-mail domains, and whether passwords still work. The secret is written,
// never shown. While impersonating nothing here can change (the server says so).
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Card, Code, Group, Loader, PasswordInput, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { usePageTitle } from '../../../client/shell/page-title';
import { ERROR_OCCURRED, showSuccessToast } from '../../../client/shell/toasts';
import { PermissionGuard } from '../../../client/ui/permission-guard';
import { SelectField } from '../../../client/ui/select-field';
import { notWhileImpersonatingMessage } from '../auth.contract';
import {
  COMPANY_SIGN_IN_ENDPOINT,
  defaultIssuers,
  providerLabels,
  SIGN_IN_PROVIDERS,
  TWO_FACTOR_FOR,
  twoFactorForLabels,
  type CompanySignIn,
  type SignInProviderName,
  type TwoFactorFor,
} from '../company-sign-in.contract';
import { companySignInQueryOptions, updateCompanySignInMutationOptions } from './company-sign-in.api';

const TWO_FACTOR_HINTS: Record<TwoFactorFor, string> = {
  nobody: 'People turn two-factor on in My settings if they wish.',
  everyone: 'Everyone gives a code at sign-in: from their authenticator app, or by e-mail until they set one up.',
  administrators: 'Owners and HR admins give a code at sign-in; everyone else chooses.',
};

const problemOf = (error: unknown) => (!error ? null : isApiError(error) && error.status < 500 ? error.message : ERROR_OCCURRED);

export function CompanySignInPage() {
  usePageTitle('Sign-in security');
  return (
    <PermissionGuard requires={{ endpoint: COMPANY_SIGN_IN_ENDPOINT, method: 'GET', scope: 'company' }}>
      <Stack gap="lg">
        <Title order={1}>Sign-in security</Title>
        <CompanySignInContent />
      </Stack>
    </PermissionGuard>
  );
}

function CompanySignInContent() {
  const settings = useQuery(companySignInQueryOptions());
  const impersonating = readTokenClaims(getToken())?.imp === true;
  if (settings.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (settings.isError) return <Alert color="red">The sign-in settings could not be loaded.</Alert>;
  return (
    <>
      {impersonating && <Alert color="yellow">{notWhileImpersonatingMessage}</Alert>}
      <Card withBorder padding="lg">
        <TwoFactorRule settings={settings.data} locked={impersonating} />
      </Card>
      <Card withBorder padding="lg">
        <ProviderForm key={JSON.stringify(settings.data)} settings={settings.data} locked={impersonating} />
      </Card>
    </>
  );
}

function TwoFactorRule({ settings, locked }: { settings: CompanySignIn; locked: boolean }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateCompanySignInMutationOptions(queryClient));
  const value = update.isPending && update.variables.two_factor_for ? update.variables.two_factor_for : settings.two_factor_for;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={
          <Title order={2} size="h4">
            Who must use two-factor
          </Title>
        }
        value={value}
        onChange={(next) =>
          update.mutate(
            { two_factor_for: next as TwoFactorFor },
            { onSuccess: () => showSuccessToast({ message: 'Two-factor rule saved.' }) },
          )
        }
      >
        <Stack gap="xs" mt="xs">
          {TWO_FACTOR_FOR.map((option) => (
            <Radio
              key={option}
              value={option}
              label={twoFactorForLabels[option]}
              description={TWO_FACTOR_HINTS[option]}
              disabled={locked || update.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      {update.error && <Alert color="red">{problemOf(update.error)}</Alert>}
    </Stack>
  );
}

function ProviderForm({ settings, locked }: { settings: CompanySignIn; locked: boolean }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateCompanySignInMutationOptions(queryClient));
  const [provider, setProvider] = useState<SignInProviderName | null>(settings.provider);
  const [issuer, setIssuer] = useState(settings.issuer);
  const [clientId, setClientId] = useState(settings.client_id);
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(settings.domains.join(', '));
  const [passwordsAllowed, setPasswordsAllowed] = useState(settings.passwords_allowed);
  const errors = isApiError(update.error, 422) ? (update.error.fieldErrors ?? {}) : {};
  const errorOf = (field: string) =>
    Object.entries(errors)
      .filter(([key]) => key === field || key.startsWith(`${field}.`))
      .flatMap(([, messages]) => messages)[0];

  const choose = (value: string | null) => {
    const next = (SIGN_IN_PROVIDERS as readonly string[]).includes(value ?? '') ? (value as SignInProviderName) : null;
    setProvider(next);
    if (next && (!issuer || Object.values(defaultIssuers).includes(issuer))) setIssuer(defaultIssuers[next]);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean);
    update.mutate(
      provider
        ? {
            provider,
            issuer,
            client_id: clientId,
            domains: list,
            passwords_allowed: passwordsAllowed,
            ...(secret ? { client_secret: secret } : {}),
          }
        : { provider: null, domains: list },
      {
        onSuccess: (saved) =>
          showSuccessToast({
            message: saved.provider ? `Sign in with ${providerLabels[saved.provider]} is on.` : 'Sign-in settings saved.',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Microsoft or Google sign-in">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Microsoft or Google sign-in
        </Title>
        <Text size="sm" c="dimmed">
          People whose work address is at one of your domains sign in with their Microsoft or Google account. Only people you have added can
          sign in; nobody is created.
        </Text>
        <SelectField
          label="Sign in with"
          noneLabel="Passwords only"
          value={provider}
          onChange={choose}
          data={SIGN_IN_PROVIDERS.map((value) => ({ value, label: providerLabels[value] }))}
          disabled={locked}
        />
        {provider && (
          <>
            <TextInput
              label="Issuer URL"
              description={provider === 'microsoft' ? 'Your tenant’s, with its directory (tenant) ID.' : undefined}
              required
              value={issuer}
              onChange={(event) => setIssuer(event.currentTarget.value)}
              error={errorOf('issuer')}
              disabled={locked}
            />
            <TextInput
              label="Client ID"
              required
              value={clientId}
              onChange={(event) => setClientId(event.currentTarget.value)}
              error={errorOf('client_id')}
              disabled={locked}
            />
            <PasswordInput
              label="Client secret"
              description={settings.has_client_secret ? 'Stored. Leave empty to keep it.' : undefined}
              required={!settings.has_client_secret}
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              error={errorOf('client_secret')}
              autoComplete="off"
              disabled={locked}
            />
            <TextInput
              label="Your e-mail domains"
              description="Separated by commas, such as example.co.uk"
              required
              value={domains}
              onChange={(event) => setDomains(event.currentTarget.value)}
              error={errorOf('domains')}
              disabled={locked}
            />
            <Switch
              label="People may still sign in with a password"
              checked={passwordsAllowed}
              onChange={(event) => setPasswordsAllowed(event.currentTarget.checked)}
              disabled={locked}
            />
            <Text size="sm">
              Redirect URI to give the provider: <Code style={{ wordBreak: 'break-all' }}>{settings.redirect_uri}</Code>
            </Text>
          </>
        )}
        {update.error && !isApiError(update.error, 422) && <Alert color="red">{problemOf(update.error)}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={locked}>
            Save sign-in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
