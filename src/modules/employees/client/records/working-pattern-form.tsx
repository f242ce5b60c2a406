// A working pattern's form: from when it applies and the hours of each weekday, in quarter
// hours. Starting from a template fills in its hours (the server copies them too); changing
// an hour afterwards makes it the person's own pattern.
import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORGANISATION_RESOURCES, type WorkingPatternTemplate } from '../../../organisation/organisation.contract';
import {
  CreateWorkingPatternInputSchema,
  EMPLOYMENT_RECORD_RESOURCES,
  WEEKDAY_FIELDS,
  type WeekdayField,
  type WorkingPatternRecord,
} from '../../employment-records.contract';
import { referenceListQueryOptions } from './employment-records.api';
import { hoursText, NumberField, ReferenceSelect, textOf } from './employment-records-fields';
import { useRecordForm } from './employment-records-form';
import type { RecordFormProps } from './employment-history';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';

export const WEEKDAY_LABELS: Record<WeekdayField, { short: string; long: string }> = {
  mon_hours: { short: 'Mon', long: 'Monday' },
  tue_hours: { short: 'Tue', long: 'Tuesday' },
  wed_hours: { short: 'Wed', long: 'Wednesday' },
  thu_hours: { short: 'Thu', long: 'Thursday' },
  fri_hours: { short: 'Fri', long: 'Friday' },
  sat_hours: { short: 'Sat', long: 'Saturday' },
  sun_hours: { short: 'Sun', long: 'Sunday' },
};

const hoursOf = (source: Partial<Record<WeekdayField, number | null>> | null | undefined) =>
  Object.fromEntries(WEEKDAY_FIELDS.map((day) => [day, source?.[day] ?? 0])) as Record<WeekdayField, number>;

export function WorkingPatternForm({ userId, record, onDone }: RecordFormProps<WorkingPatternRecord> & { userId: string }) {
  const templates = useQuery(referenceListQueryOptions<WorkingPatternTemplate>(ORGANISATION_RESOURCES.workingPatternTemplates));
  const form = useRecordForm({
    resource: EMPLOYMENT_RECORD_RESOURCES.workingPattern,
    schema: CreateWorkingPatternInputSchema,
    id: record?.id ?? null,
    noun: 'working pattern',
    onDone,
    initialValues: {
      user_id: userId,
      start_date: textOf(record?.start_date),
      template_id: record?.template_id ?? null,
      ...hoursOf(record),
    },
  });
  const chooseTemplate = (templateId: string | null) => {
    form.setFieldValue('template_id', templateId);
    const template = templates.data?.find((item) => item.id === templateId);
    if (template) for (const day of WEEKDAY_FIELDS) form.setFieldValue(day, template[day]);
  };
  const changeHours = (day: WeekdayField, hours: number | null) => {
    form.setFieldValue(day, hours ?? 0);
    if (form.values.template_id) form.setFieldValue('template_id', null);
  };
  const total = WEEKDAY_FIELDS.reduce((sum, day) => sum + (Number(form.values[day]) || 0), 0);

  return (
    <RecordFormFrame form={form} label={record ? 'Edit working pattern' : 'New working pattern'} onCancel={onDone}>
      <FieldPairs>
        <DateField label="Starts on" required {...form.valueProps<string>('start_date')} />
        <ReferenceSelect
          resource={ORGANISATION_RESOURCES.workingPatternTemplates}
          label="Start from template"
          noneLabel="No template"
          name="template_id"
          value={form.values.template_id}
          error={form.error('template_id')}
          onChange={chooseTemplate}
        />
      </FieldPairs>
      <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm">
        {WEEKDAY_FIELDS.map((day) => (
          <NumberField
            key={day}
            name={day}
            label={WEEKDAY_LABELS[day].long}
            min={0}
            max={24}
            step={0.25}
            decimalScale={2}
            value={form.values[day] ?? null}
            error={form.error(day)}
            onChange={(hours) => changeHours(day, hours)}
          />
        ))}
      </SimpleGrid>
      <Text fw={600} aria-live="polite">
        Total: {hoursText(total)} a week
      </Text>
    </RecordFormFrame>
  );
}
