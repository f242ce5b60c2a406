// /settings/payroll: the company's pay period (weekly, fortnightly, four-weekly or monthly,
// from a first day) and the payroll contact the data is sent to.
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { SelectField } from '../../../client/ui/select-field';
import { TextField } from '../../../client/ui/text-field';
import { useForm } from '../../../client/ui/use-form';
import { PAY_FREQUENCIES, PAY_FREQUENCY_LABELS, PayrollSettingsInputSchema, type PayrollSettings } from '../payroll.contract';
import { payrollSettingsQueryOptions, savePayrollSettingsMutationOptions } from './payroll.api';
import { DateField } from '../../../client/ui/date-field';

export function PayrollSettingsPage() {
  usePageTitle('Payroll settings');
  const settings = useQuery(payrollSettingsQueryOptions());
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Payroll</Title>
      {settings.isPending ? (
        <Loader aria-label="Loading" />
      ) : settings.isError ? (
        <LoadError what="payroll settings" error={settings.error} onRetry={() => void settings.refetch()} forbidden />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: PayrollSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation(savePayrollSettingsMutationOptions(queryClient));
  const form = useForm({
    schema: PayrollSettingsInputSchema,
    initialValues: {
      frequency: settings.frequency,
      first_period_start: settings.first_period_start,
      payroll_contact_email: settings.payroll_contact_email ?? '',
    },
    onSubmit: async (output) => {
      await save.mutateAsync(output);
      showSuccessToast({ message: 'Payroll settings saved.' });
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Payroll settings">
      <Stack gap="md">
        {!settings.saved && (
          <Alert color="yellow">These are the defaults: save them, or set your pay period, before the first export.</Alert>
        )}
        <SelectField
          label="Pay period"
          required
          data={PAY_FREQUENCIES.map((value) => ({ value, label: PAY_FREQUENCY_LABELS[value] }))}
          {...form.valueProps<string | null>('frequency')}
        />
        <DateField label="First day of a pay period" required {...form.valueProps<string>('first_period_start')} />
        <Text size="sm" c="dimmed">
          Monthly periods start on this day of each month (the 1st to the 28th); the others repeat every 7, 14 or 28 days from it.
        </Text>
        <TextField
          label="Payroll contact’s e-mail address"
          description="Payroll data is sent here as a link valid for 7 days."
          {...form.textProps('payroll_contact_email')}
        />
        <Group justify="space-between">
          <Anchor renderRoot={(props) => <Link {...props} to="/payroll" />}>Review pay periods</Anchor>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
