// The profile's Employment tab: employment dates, contract type, hours, employee number,
// department, location and line managers; and the bank-holiday region, which follows the
// person's location unless it is set for them.
import { Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import {
  BANK_HOLIDAY_REGION_LABELS,
  BANK_HOLIDAY_REGION_NAMES,
  EMPLOYMENT_RECORD_RESOURCES,
  type BankHolidayRegionName,
  type BankHolidaySetting,
} from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { bankHolidaysQueryOptions, employmentDetailsQueryOptions, saveBankHolidaysMutationOptions } from './employment-records.api';
import { EmploymentForm } from './employment-details-form';
import { formatPounds } from '../../../../shared/money';
import { dateText, hoursText } from './employment-records-fields';
import { FormModal } from '../../../../client/ui/form-modal';
import { QueryState, ReadView, RecordSection } from './personal-records-ui';

const REGION_OPTIONS = BANK_HOLIDAY_REGION_NAMES.map((region) => ({ value: region, label: BANK_HOLIDAY_REGION_LABELS[region] }));

function sourceText(setting: BankHolidaySetting): string {
  if (setting.source === 'override') return 'Set for this person.';
  if (setting.source === 'location') return 'From their location.';
  return 'The default: they have no location with a region.';
}

function BankHolidaySection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const setting = useQuery(bankHolidaysQueryOptions(userId));
  const save = useMutation(saveBankHolidaysMutationOptions(queryClient, userId));
  const mayChange = can({ endpoint: `/api/${EMPLOYMENT_RECORD_RESOURCES.bankHolidays}`, method: 'PUT' });
  const data = setting.data;
  const locationRegion = data?.location_region
    ? BANK_HOLIDAY_REGION_LABELS[data.location_region]
    : BANK_HOLIDAY_REGION_LABELS['england-and-wales'];

  const change = (region: string | null) =>
    save.mutate(
      { bank_holiday_region: region as BankHolidayRegionName | null },
      { onSuccess: () => showSuccessToast({ message: 'Bank holiday region saved.' }) },
    );

  return (
    <RecordSection title="Bank holidays">
      <QueryState query={setting} what="bank holiday region" />
      {data && (
        <Stack gap="sm">
          <ReadView items={[{ label: 'Region', value: BANK_HOLIDAY_REGION_LABELS[data.bank_holiday_region] }]} />
          <Text size="sm" c="dimmed">
            {sourceText(data)}
          </Text>
          {mayChange && (
            <SelectField
              label="Region for this person"
              name="bank_holiday_region"
              data={REGION_OPTIONS}
              noneLabel={`As their location (${locationRegion})`}
              value={data.source === 'override' ? data.bank_holiday_region : null}
              onChange={change}
              disabled={save.isPending}
              maw={360}
            />
          )}
        </Stack>
      )}
    </RecordSection>
  );
}

export default function EmploymentTab({ userId }: ProfileTabProps) {
  const details = useQuery(employmentDetailsQueryOptions(userId));
  const [editing, setEditing] = useState(false);
  const mayEdit = can({ endpoint: `/api/${EMPLOYMENT_RECORD_RESOURCES.employmentDetails}`, method: 'PUT' });
  const data = details.data;

  return (
    <Stack gap="lg">
      <RecordSection title="Employment" editLabel="Edit employment details" onEdit={mayEdit && data ? () => setEditing(true) : null}>
        <QueryState query={details} what="employment details" />
        {data && (
          <ReadView
            items={[
              { label: 'Start date', value: dateText(data.start_date) },
              { label: 'Continuous service date', value: dateText(data.continuous_service_date) },
              { label: 'Probation end date', value: dateText(data.probation_end_date) },
              { label: 'Contract type', value: data.contract_type_name },
              { label: 'Hours per week', value: hoursText(data.hours_per_week) },
              { label: 'Employee number', value: data.employee_number },
              {
                label: 'Average weekly earnings',
                value: data.average_weekly_earnings === null ? null : formatPounds(data.average_weekly_earnings),
              },
              { label: 'Department', value: data.department_name },
              { label: 'Location', value: data.location_name },
              { label: 'Line managers', value: data.line_managers.map((manager) => manager.name).join(', ') },
            ]}
          />
        )}
      </RecordSection>
      <BankHolidaySection userId={userId} />
      <FormModal opened={editing} title="Edit employment details" onClose={() => setEditing(false)}>
        {editing && data && <EmploymentForm details={data} onDone={() => setEditing(false)} />}
      </FormModal>
    </Stack>
  );
}
