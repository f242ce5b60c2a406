// The profile's Right to work tab: the checks of the person's right to work in the UK — the
// document seen, its number or share code, when and by whom it was checked, the follow-up and
// the expiry. An expiry within 30 days (or past) is highlighted.

import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { addDays, londonDate } from '../../../../shared/dates';
import {
  CreateWorkPermitInputSchema,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  PERMIT_REMINDER_DAYS,
  EMPLOYMENT_RECORD_RESOURCES,
  type WorkPermitRecord,
} from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { dateText, textOf } from './employment-records-fields';
import { useRecordForm } from './employment-records-form';
import { RecordHistory, type RecordFormProps } from './employment-history';
import type { RowMark } from '../../../../client/ui/rows-view';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';

const DOCUMENT_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] }));

/** Expired, or expiring within the reminder's 30 days. */
export function expiryMark(record: Pick<WorkPermitRecord, 'expiry_date'>, today = londonDate(new Date())): RowMark | null {
  if (!record.expiry_date) return null;
  if (record.expiry_date < today) return { label: 'Expired', colour: 'red' };
  if (record.expiry_date <= addDays(today, PERMIT_REMINDER_DAYS)) return { label: 'Expires soon', colour: 'orange' };
  return null;
}

function PermitForm({ userId, record, onDone }: RecordFormProps<WorkPermitRecord> & { userId: string }) {
  const form = useRecordForm({
    resource: EMPLOYMENT_RECORD_RESOURCES.workPermit,
    schema: CreateWorkPermitInputSchema,
    id: record?.id ?? null,
    noun: 'right to work check',
    onDone,
    initialValues: {
      user_id: userId,
      document_type: record?.document_type ?? null,
      document_number: textOf(record?.document_number),
      share_code: textOf(record?.share_code),
      date_checked: record?.date_checked ?? londonDate(new Date()),
      // Who checked stays as it was; a new check is the viewer's.
      checked_by_id: record?.checked_by_id ?? null,
      follow_up_date: textOf(record?.follow_up_date),
      expiry_date: textOf(record?.expiry_date),
      notes: textOf(record?.notes),
    },
  });
  const shareCode = form.values.document_type === 'share_code';
  return (
    <RecordFormFrame form={form} label={record ? 'Edit right to work check' : 'Add right to work check'} onCancel={onDone}>
      <FieldPairs>
        <SelectField label="Document" required data={DOCUMENT_OPTIONS} {...form.valueProps<string | null>('document_type')} />
        {shareCode ? (
          <TextField label="Share code" required placeholder="W12 345 678" maxLength={11} {...form.textProps('share_code')} />
        ) : (
          <TextField label="Document number" maxLength={50} {...form.textProps('document_number')} />
        )}
        <DateField label="Date checked" required {...form.valueProps<string>('date_checked')} />
        <DateField label="Follow-up date" {...form.valueProps<string>('follow_up_date')} />
        <DateField label="Expiry date" {...form.valueProps<string>('expiry_date')} />
      </FieldPairs>
      <TextareaField label="Notes" maxLength={2000} {...form.textProps('notes')} />
    </RecordFormFrame>
  );
}

export default function PermitsTab({ userId }: ProfileTabProps) {
  return (
    <RecordHistory<WorkPermitRecord>
      resource={EMPLOYMENT_RECORD_RESOURCES.workPermit}
      userId={userId}
      title="Right to work checks"
      noun="right to work check"
      emptyText="No right to work checks have been recorded."
      titleOf={(record) => `${DOCUMENT_TYPE_LABELS[record.document_type]} checked on ${dateText(record.date_checked) ?? ''}`}
      markOf={(record) => expiryMark(record)}
      columns={[
        { label: 'Document', render: (record) => DOCUMENT_TYPE_LABELS[record.document_type] },
        { label: 'Number or share code', render: (record) => record.share_code ?? record.document_number ?? '—' },
        {
          label: 'Checked',
          render: (record) => `${dateText(record.date_checked) ?? ''}${record.checked_by_name ? ` by ${record.checked_by_name}` : ''}`,
        },
        { label: 'Follow-up', render: (record) => dateText(record.follow_up_date) ?? '—' },
        { label: 'Expires', render: (record) => dateText(record.expiry_date) ?? '—' },
      ]}
      renderForm={(props) => <PermitForm userId={userId} {...props} />}
    />
  );
}
