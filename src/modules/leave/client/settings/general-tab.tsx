// The company's leave year start (1 January unless changed; day 1–28 so every year has it),
// rolled-up holiday pay (off unless chosen) and the return-to-work switch, which is a company
// setting (owners change it).
import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getToken } from '../../../../client/auth/token-store';
import { readTokenClaims } from '../../../../client/auth/token-claims';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { companySettingsQueryOptions } from '../../../../client/api/reference-lists';
import { SelectField } from '../../../../client/ui/select-field';
import { useForm } from '../../../../client/ui/use-form';
import {
  CompanyLeaveSettingsInputSchema,
  ROLLED_UP_HOLIDAY_PAY_DESCRIPTION,
  type CompanyLeaveSettings,
} from '../../leave-settings.contract';
import { leaveSettingsQueryOptions, saveLeaveSettingsMutationOptions, saveReturnToWorkMutationOptions } from '../leave-settings.api';
import { NumberField } from '../request/number-field';
import { FormProblems } from './form-parts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_OPTIONS = MONTHS.map((label, index) => ({ value: String(index + 1), label }));
export const RETURN_TO_WORK_DESCRIPTION =
  'After a sickness absence the employee completes a self-certification (up to 7 days) or uploads a fit note (longer), and their manager reviews it.';

export function GeneralTab() {
  const settings = useQuery(leaveSettingsQueryOptions());
  const companyId = readTokenClaims(getToken())?.company_id ?? null;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        General
      </Title>
      <Paper withBorder radius="md" p="md">
        {settings.isPending && <Loader size="sm" aria-label="Loading" />}
        {settings.isError && <Alert color="red">The leave settings could not be loaded.</Alert>}
        {settings.data && <LeaveYearForm settings={settings.data} />}
      </Paper>
      {settings.data && <RolledUpHolidayPaySwitch settings={settings.data} />}
      {companyId && <ReturnToWorkSwitch companyId={companyId} />}
    </Stack>
  );
}

function LeaveYearForm({ settings }: { settings: CompanyLeaveSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveLeaveSettingsMutationOptions(queryClient));
  const editable = can({ endpoint: '/api/company-leave-settings', method: 'PUT' });
  const form = useForm({
    schema: CompanyLeaveSettingsInputSchema,
    initialValues: settings,
    onSubmit: async (input) => {
      // The rolled-up switch saves itself: left out here, it stays as it is.
      await save.mutateAsync({ leave_year_start_month: input.leave_year_start_month, leave_year_start_day: input.leave_year_start_day });
      showSuccessToast({ message: 'Leave year saved.' });
    },
  });
  const month = form.values.leave_year_start_month;
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Leave year">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>Leave year starts on</Text>
          <Text size="sm" c="dimmed">
            Allowances, carry-over and new leave years follow this date. Most UK employers use 1 January or 1 April.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField
            label="Day"
            required
            min={1}
            max={28}
            decimalScale={0}
            disabled={!editable}
            {...form.valueProps<number | null>('leave_year_start_day')}
          />
          <SelectField
            label="Month"
            required
            disabled={!editable}
            data={MONTH_OPTIONS}
            name="leave_year_start_month"
            value={month ? String(month) : null}
            error={form.error('leave_year_start_month')}
            onChange={(value) => form.setFieldValue('leave_year_start_month', value ? Number(value) : null)}
          />
        </SimpleGrid>
        <FormProblems messages={form.otherErrors} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} w={{ base: '100%', xs: 'auto' }}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** WTR reg 16A: the company's choice of rolled-up holiday pay for irregular-hours and part-year workers. */
function RolledUpHolidayPaySwitch({ settings }: { settings: CompanyLeaveSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveLeaveSettingsMutationOptions(queryClient));
  const editable = can({ endpoint: '/api/company-leave-settings', method: 'PUT' });
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Rolled-up holiday pay"
        description={ROLLED_UP_HOLIDAY_PAY_DESCRIPTION}
        checked={save.isPending ? (save.variables?.rolled_up_holiday_pay ?? false) : settings.rolled_up_holiday_pay}
        disabled={!editable || save.isPending}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          save.mutate(
            {
              leave_year_start_month: settings.leave_year_start_month,
              leave_year_start_day: settings.leave_year_start_day,
              rolled_up_holiday_pay: enabled,
            },
            {
              onSuccess: () =>
                showSuccessToast({ message: enabled ? 'Rolled-up holiday pay switched on.' : 'Rolled-up holiday pay switched off.' }),
            },
          );
        }}
      />
    </Paper>
  );
}

function ReturnToWorkSwitch({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(companySettingsQueryOptions(companyId));
  const save = useMutation(saveReturnToWorkMutationOptions(queryClient, companyId));
  const editable = can({ endpoint: '/api/company-settings', method: 'PUT', scope: 'company' });
  if (settings.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (settings.isError) return <Alert color="red">The company settings could not be loaded.</Alert>;
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Return to work"
        description={editable ? RETURN_TO_WORK_DESCRIPTION : `${RETURN_TO_WORK_DESCRIPTION} Only the company’s owners can change this.`}
        checked={save.isPending ? (save.variables ?? settings.data.return_to_work_enabled) : settings.data.return_to_work_enabled}
        disabled={!editable || save.isPending}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          save.mutate(enabled, {
            onSuccess: () => showSuccessToast({ message: enabled ? 'Return to work switched on.' : 'Return to work switched off.' }),
          });
        }}
      />
    </Paper>
  );
}
