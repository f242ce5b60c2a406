// The profile's Pay tab: the person's pay rates by pay-rate type, newest first. Managers
// read them; owners and HR admins change them (the buttons follow the viewer's permissions).
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../../../client/ui/select-field';
import { ORGANISATION_RESOURCES, type PayRateType } from '../../../organisation/organisation.contract';
import {
  CreatePayRateInputSchema,
  PAY_UNIT_LABELS,
  PAY_UNITS,
  EMPLOYMENT_RECORD_RESOURCES,
  type PayRateRecord,
} from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { referenceListQueryOptions } from './employment-records.api';
import { dateText, NumberField, ReferenceSelect, textOf } from './employment-records-fields';
import { useRecordForm } from './employment-records-form';
import { RecordHistory, type RecordFormProps } from './employment-history';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';
import { formatPounds } from '../../../../shared/money';

const UNIT_OPTIONS = PAY_UNITS.map((unit) => ({ value: unit, label: PAY_UNIT_LABELS[unit] }));

function PayRateForm({ userId, record, onDone }: RecordFormProps<PayRateRecord> & { userId: string }) {
  const form = useRecordForm({
    resource: EMPLOYMENT_RECORD_RESOURCES.payRate,
    schema: CreatePayRateInputSchema,
    id: record?.id ?? null,
    noun: 'pay rate',
    onDone,
    initialValues: {
      user_id: userId,
      pay_rate_type_id: record?.pay_rate_type_id ?? null,
      amount: record?.amount ?? null,
      unit: record?.unit ?? null,
      start_date: textOf(record?.start_date),
      end_date: textOf(record?.end_date),
    },
  });
  return (
    <RecordFormFrame form={form} label={record ? 'Edit pay rate' : 'Add pay rate'} onCancel={onDone}>
      <FieldPairs>
        <ReferenceSelect
          resource={ORGANISATION_RESOURCES.payRateTypes}
          label="Pay rate type"
          required
          {...form.valueProps<string | null>('pay_rate_type_id')}
        />
        <NumberField
          label="Amount"
          required
          prefix="£"
          min={0}
          decimalScale={2}
          step={0.01}
          {...form.valueProps<number | null>('amount')}
        />
        <SelectField label="Paid" data={UNIT_OPTIONS} noneLabel="As the pay rate type" {...form.valueProps<string | null>('unit')} />
        <div />
        <DateField label="Start date" required {...form.valueProps<string>('start_date')} />
        <DateField label="End date" {...form.valueProps<string>('end_date')} />
      </FieldPairs>
    </RecordFormFrame>
  );
}

const ALL_TYPES = 'all';

export default function PayTab({ userId }: ProfileTabProps) {
  const [typeId, setTypeId] = useState<string>(ALL_TYPES);
  const types = useQuery(referenceListQueryOptions<PayRateType>(ORGANISATION_RESOURCES.payRateTypes));
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.id, label: type.name }));
  return (
    <Stack gap="md">
      {typeOptions.length > 1 && (
        <SelectField
          label="Pay rate type"
          data={typeOptions}
          noneLabel="All pay rate types"
          value={typeId === ALL_TYPES ? null : typeId}
          onChange={(value) => setTypeId(value ?? ALL_TYPES)}
          maw={320}
        />
      )}
      <RecordHistory<PayRateRecord>
        resource={EMPLOYMENT_RECORD_RESOURCES.payRate}
        userId={userId}
        title="Pay rates"
        noun="pay rate"
        emptyText="No pay rates have been recorded."
        {...(typeId === ALL_TYPES ? {} : { filters: { pay_rate_type_id: typeId } })}
        titleOf={(record) => `${record.pay_rate_type_name ?? 'pay rate'} from ${dateText(record.start_date) ?? ''}`}
        columns={[
          { label: 'Type', render: (record) => record.pay_rate_type_name ?? '—' },
          { label: 'Amount', render: (record) => `${formatPounds(record.amount)} ${PAY_UNIT_LABELS[record.unit]}` },
          { label: 'Start date', render: (record) => dateText(record.start_date) },
          { label: 'End date', render: (record) => dateText(record.end_date) ?? '—' },
        ]}
        renderForm={(props) => <PayRateForm userId={userId} {...props} />}
      />
    </Stack>
  );
}
