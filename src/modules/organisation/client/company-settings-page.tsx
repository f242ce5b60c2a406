// /settings/company-settings: the company's details and logo, the module switches (return
// to work, rota, overtime) and the company notes. Everyone in the company reads them; those
// who change company settings (owners) edit them.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Card, Group, Loader, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { can, PermissionGuard } from '../../../client/ui/permission-guard';
import { TextField } from '../../../client/ui/text-field';
import { useForm } from '../../../client/ui/use-form';
import { UpdateCompanySettingsInputSchema, type CompanySettings } from '../../../shared/settings.contract';
import { CompanyLogoField } from './company-logo-field';
import { companySettingsQueryOptions, updateCompanySettingsMutationOptions } from '../../../client/api/reference-lists';
import { companyNotesList } from './company-notes-list';
import { OrganisationList } from './list-page';

const COMPANY_SETTINGS = '/api/company-settings';
const DetailsSchema = v.pick(UpdateCompanySettingsInputSchema, ['name', 'number', 'sector_name']);
const SWITCHES = [
  { key: 'return_to_work_enabled', label: 'Return to work', description: 'Self-certification after sickness absence.' },
  { key: 'rota_enabled', label: 'Rota', description: 'Shifts and rotas, and pay rate types.' },
  { key: 'overtime_enabled', label: 'Overtime', description: 'Payable overtime and time off in lieu.' },
] as const;

export function CompanySettingsPage() {
  usePageTitle('Company settings');
  const companyId = readTokenClaims(getToken())?.company_id;
  return (
    <PermissionGuard requires={{ endpoint: COMPANY_SETTINGS, method: 'GET' }}>
      <Stack gap="lg">
        <Title order={1}>Company settings</Title>
        {companyId ? <CompanySettingsContent companyId={companyId} /> : <Alert color="red">Please sign in again.</Alert>}
      </Stack>
    </PermissionGuard>
  );
}

function CompanySettingsContent({ companyId }: { companyId: string }) {
  const settings = useQuery(companySettingsQueryOptions(companyId));
  const editable = can({ endpoint: COMPANY_SETTINGS, method: 'PUT', scope: 'company' });
  // The company's notes are for those who hold their permission company-wide, as the server says.
  const readsNotes = can({ endpoint: '/api/company-notes', method: 'GET', scope: 'company' });
  if (settings.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (settings.isError) return <Alert color="red">The company settings could not be loaded.</Alert>;
  return (
    <>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Company details
        </Title>
        <Stack gap="md">
          <CompanyDetailsForm settings={settings.data} editable={editable} />
          <CompanyLogoField settings={settings.data} editable={editable} />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Modules
        </Title>
        <ModuleSwitches settings={settings.data} editable={editable} />
      </Card>
      {readsNotes && (
        <Card withBorder padding="lg">
          <OrganisationList definition={companyNotesList} />
        </Card>
      )}
    </>
  );
}

function CompanyDetailsForm({ settings, editable }: { settings: CompanySettings; editable: boolean }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateCompanySettingsMutationOptions(queryClient));
  const form = useForm({
    schema: DetailsSchema,
    initialValues: { name: settings.name, number: settings.number ?? '', sector_name: settings.sector_name ?? '' },
    onSubmit: async (input) => {
      await update.mutateAsync({ companyId: settings.company_id, input });
      showSuccessToast({ message: 'Company details saved.' });
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Company details">
      <Stack gap="sm">
        <TextField label="Company name" required readOnly={!editable} maxLength={200} {...form.textProps('name')} />
        <TextField label="Company number" readOnly={!editable} maxLength={50} {...form.textProps('number')} />
        <TextField label="Sector" readOnly={!editable} maxLength={100} {...form.textProps('sector_name')} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Save details
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function ModuleSwitches({ settings, editable }: { settings: CompanySettings; editable: boolean }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateCompanySettingsMutationOptions(queryClient));
  const pending = update.isPending ? update.variables.input : {};
  return (
    <Stack gap="sm">
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={pending[key] ?? settings[key]}
          disabled={!editable || update.isPending}
          onChange={(event) =>
            update.mutate(
              { companyId: settings.company_id, input: { [key]: event.currentTarget.checked } },
              { onSuccess: () => showSuccessToast({ message: `${label} ${event.currentTarget.checked ? 'turned on' : 'turned off'}.` }) },
            )
          }
        />
      ))}
    </Stack>
  );
}
