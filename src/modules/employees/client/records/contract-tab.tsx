// The profile's Contract tab: the person's contracts, newest first — type, dates, weekly
// hours, notice period and notes.

import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { CreateContractInputSchema, EMPLOYMENT_RECORD_RESOURCES, type ContractRecord } from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { ContractTypeAndHours, dateText, hoursText, textOf } from './employment-records-fields';
import { useRecordForm } from './employment-records-form';
import { RecordHistory, type RecordFormProps } from './employment-history';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';

function ContractForm({ userId, record, onDone }: RecordFormProps<ContractRecord> & { userId: string }) {
  const form = useRecordForm({
    resource: EMPLOYMENT_RECORD_RESOURCES.contract,
    schema: CreateContractInputSchema,
    id: record?.id ?? null,
    noun: 'contract',
    onDone,
    initialValues: {
      user_id: userId,
      contract_type_id: record?.contract_type_id ?? null,
      start_date: textOf(record?.start_date),
      end_date: textOf(record?.end_date),
      hours_per_week: record?.hours_per_week ?? null,
      notice_period: textOf(record?.notice_period),
      notes: textOf(record?.notes),
    },
  });
  return (
    <RecordFormFrame form={form} label={record ? 'Edit contract' : 'Add contract'} onCancel={onDone}>
      <FieldPairs>
        <ContractTypeAndHours valueProps={form.valueProps} />
        <DateField label="Start date" required {...form.valueProps<string>('start_date')} />
        <DateField label="End date" description="Leave empty for an open-ended contract." {...form.valueProps<string>('end_date')} />
      </FieldPairs>
      <TextField label="Notice period" maxLength={100} placeholder="For example: 1 month" {...form.textProps('notice_period')} />
      <TextareaField label="Notes" maxLength={2000} {...form.textProps('notes')} />
    </RecordFormFrame>
  );
}

export default function ContractTab({ userId }: ProfileTabProps) {
  return (
    <RecordHistory<ContractRecord>
      resource={EMPLOYMENT_RECORD_RESOURCES.contract}
      userId={userId}
      title="Contracts"
      noun="contract"
      emptyText="No contracts have been recorded."
      titleOf={(record) => `${record.contract_type_name ?? 'contract'} from ${dateText(record.start_date) ?? ''}`}
      columns={[
        { label: 'Type', render: (record) => record.contract_type_name ?? '—' },
        { label: 'Start date', render: (record) => dateText(record.start_date) },
        { label: 'End date', render: (record) => dateText(record.end_date) ?? 'Open-ended' },
        { label: 'Hours per week', render: (record) => hoursText(record.hours_per_week) ?? '—' },
        { label: 'Notice period', render: (record) => record.notice_period ?? '—' },
        { label: 'Notes', render: (record) => record.notes ?? '—' },
      ]}
      renderForm={(props) => <ContractForm userId={userId} {...props} />}
    />
  );
}
