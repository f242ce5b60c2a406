// /settings/overtime: the rates overtime is paid at (a company pay-rate type with its
// multiplier and payroll element code, e.g. "Time and a half", ×1.5, OT15) and how many
// months time off in lieu lasts, and who may report paid or TOIL overtime. Switching overtime on is in company settings; who may report
// it is in each person's user settings.
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Anchor, Button, Group, Loader, NumberInput, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { RowsView } from '../../../client/ui/rows-view';
import type { OvertimeSettings } from '../overtime.contract';
import { AllowancePeople } from './allowance-people';
import { overtimeSettingsQueryOptions, saveSettingsMutationOptions } from './overtime.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

type RateDraft = { on: boolean; multiplier: number | ''; element_code: string };

export function OvertimeSettingsPage() {
  usePageTitle('Overtime settings');
  const settings = useQuery(overtimeSettingsQueryOptions());
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Overtime</Title>
      {settings.isPending ? (
        <Loader aria-label="Loading" />
      ) : settings.isError ? (
        <LoadError what="overtime settings" error={settings.error} onRetry={() => void settings.refetch()} forbidden />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}

const suggestedCode = (multiplier: number) => `OT${String(Math.round(multiplier * 10)).padStart(2, '0')}`;

function SettingsForm({ settings }: { settings: OvertimeSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingsMutationOptions(queryClient));
  const [expiry, setExpiry] = useState<number | ''>(settings.toil_expiry_months ?? '');
  const [rates, setRates] = useState<Record<string, RateDraft>>(() =>
    Object.fromEntries(
      settings.pay_rate_types.map((type) => {
        const rate = settings.rates.find((candidate) => candidate.pay_rate_type_id === type.id);
        return [
          type.id,
          { on: Boolean(rate), multiplier: rate?.multiplier ?? 1.5, element_code: rate?.element_code ?? suggestedCode(1.5) },
        ];
      }),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = (id: string, change: Partial<RateDraft>) => setRates((current) => ({ ...current, [id]: { ...current[id]!, ...change } }));
  const submit = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({
        toil_expiry_months: expiry === '' ? null : expiry,
        rates: Object.entries(rates)
          .filter(([, rate]) => rate.on)
          .map(([id, rate]) => ({
            pay_rate_type_id: id,
            multiplier: rate.multiplier === '' ? 0 : rate.multiplier,
            element_code: rate.element_code,
          })),
      });
      showSuccessToast({ message: 'Overtime settings saved.' });
    } catch (error) {
      setProblem(
        isApiError(error) && error.status < 500
          ? Object.values(error.fieldErrors ?? {})
              .flat()
              .join(' ') || error.message
          : 'Something went wrong.',
      );
    }
  };
  return (
    <Stack gap="md">
      {!settings.overtime_enabled && (
        <Alert color="yellow">
          Overtime is switched off for the company.{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/settings/company-settings" />}>Switch it on in company settings</Anchor>.
        </Alert>
      )}
      <Title order={2} size="h3">
        Rates overtime is paid at
      </Title>
      {settings.pay_rate_types.length === 0 ? (
        <Alert color="gray">
          The company has no pay-rate types yet.{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/settings/pay-rate-types" />}>Add them</Anchor> first.
        </Alert>
      ) : (
        <RowsView
          label="Rates overtime is paid at"
          rows={settings.pay_rate_types}
          minWidth={520}
          titleOf={(type) => type.name}
          columns={[
            {
              label: 'Pay-rate type',
              render: (type) => (
                <Switch
                  label={type.name}
                  checked={rates[type.id]!.on}
                  onChange={(event) => set(type.id, { on: event.currentTarget.checked })}
                />
              ),
            },
            {
              label: 'Multiplier',
              render: (type) => (
                <NumberInput
                  aria-label={`Multiplier of ${type.name}`}
                  min={0.5}
                  max={5}
                  step={0.25}
                  decimalScale={2}
                  disabled={!rates[type.id]!.on}
                  value={rates[type.id]!.multiplier}
                  onChange={(value) => set(type.id, { multiplier: typeof value === 'number' ? value : '' })}
                  w={110}
                />
              ),
            },
            {
              label: 'Payroll element code',
              render: (type) => (
                <TextInput
                  aria-label={`Element code of ${type.name}`}
                  disabled={!rates[type.id]!.on}
                  value={rates[type.id]!.element_code}
                  onChange={(event) => set(type.id, { element_code: event.currentTarget.value.toUpperCase() })}
                  maxLength={12}
                  w={130}
                />
              ),
            },
          ]}
        />
      )}
      <Title order={2} size="h3">
        Time off in lieu
      </Title>
      <NumberInput
        label="Months before unused time off in lieu expires"
        description="Leave empty for no expiry."
        min={1}
        max={24}
        allowDecimal={false}
        value={expiry}
        onChange={(value) => setExpiry(typeof value === 'number' ? value : '')}
        maw={320}
      />
      <ProblemAlert problem={problem} />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save
        </Button>
      </Group>
      <Title order={2} size="h3">
        Who may report overtime
      </Title>
      <AllowancePeople />
    </Stack>
  );
}
