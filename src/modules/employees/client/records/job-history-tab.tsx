// The profile's Job history tab: the person's job titles, newest first, with the latest
// termination date among them; a title is typed or taken from the company's list.
import { Alert, Text } from '@mantine/core';
import { TextField } from '../../../../client/ui/text-field';
import { ORGANISATION_RESOURCES } from '../../../organisation/organisation.contract';
import {
  CreateJobTitleInputSchema,
  EMPLOYMENT_RECORD_RESOURCES,
  type JobTitleList,
  type JobTitleRecord,
} from '../../employment-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { dateText, ReferenceSelect, textOf } from './employment-records-fields';
import { useRecordForm } from './employment-records-form';
import { RecordHistory, type RecordFormProps } from './employment-history';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';

function JobTitleForm({ userId, record, onDone }: RecordFormProps<JobTitleRecord> & { userId: string }) {
  const form = useRecordForm({
    resource: EMPLOYMENT_RECORD_RESOURCES.jobTitle,
    schema: CreateJobTitleInputSchema,
    id: record?.id ?? null,
    noun: 'job title',
    onDone,
    initialValues: {
      user_id: userId,
      position_id: record?.position_id ?? null,
      title: textOf(record?.title),
      start_date: textOf(record?.start_date),
      termination_date: textOf(record?.termination_date),
    },
  });
  return (
    <RecordFormFrame form={form} label={record ? 'Edit job title' : 'Add job title'} onCancel={onDone}>
      <ReferenceSelect
        resource={ORGANISATION_RESOURCES.positions}
        label="From the company’s job titles"
        noneLabel="Type a title instead"
        {...form.valueProps<string | null>('position_id')}
      />
      <TextField
        label="Title"
        description="Leave empty to use the chosen job title’s name."
        maxLength={100}
        required={!form.values.position_id}
        {...form.textProps('title')}
      />
      <FieldPairs>
        <DateField label="Start date" required {...form.valueProps<string>('start_date')} />
        <DateField label="Termination date" {...form.valueProps<string>('termination_date')} />
      </FieldPairs>
    </RecordFormFrame>
  );
}

export default function JobHistoryTab({ userId }: ProfileTabProps) {
  return (
    <RecordHistory<JobTitleRecord, JobTitleList>
      resource={EMPLOYMENT_RECORD_RESOURCES.jobTitle}
      userId={userId}
      title="Job history"
      noun="job title"
      emptyText="No job titles have been recorded."
      titleOf={(record) => `${record.title} from ${dateText(record.start_date) ?? ''}`}
      columns={[
        { label: 'Title', render: (record) => record.title },
        { label: 'Start date', render: (record) => dateText(record.start_date) },
        { label: 'Termination date', render: (record) => dateText(record.termination_date) ?? '—' },
      ]}
      summary={(list) =>
        list.latest_termination_date ? (
          <Alert variant="light" color="gray" title="Latest termination date">
            <Text>{dateText(list.latest_termination_date)}</Text>
          </Alert>
        ) : null
      }
      renderForm={(props) => <JobTitleForm userId={userId} {...props} />}
    />
  );
}
