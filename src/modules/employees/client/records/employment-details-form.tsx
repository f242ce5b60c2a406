// Changing a person's employment details: dates, contract type, weekly hours, employee
// number, average weekly earnings, department, location and line managers. Checked by the
// contract's schema and the server's /validate (which knows whether a manager may move
// someone), then saved.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { TextField } from '../../../../client/ui/text-field';
import { useForm, validateOnServer } from '../../../../client/ui/use-form';
import { ORGANISATION_RESOURCES } from '../../../organisation/organisation.contract';
import {
  EMPLOYMENT_RECORD_RESOURCES,
  ValidateEmploymentDetailsInputSchema,
  type EmploymentDetails,
} from '../../employment-records.contract';
import { saveEmploymentDetailsMutationOptions } from './employment-records.api';
import { ContractTypeAndHours, NumberField, ReferenceSelect, textOf } from './employment-records-fields';
import { LineManagerSelect } from './line-managers';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';
import { DateField } from '../../../../client/ui/date-field';

export function EmploymentForm({ details, onDone }: { details: EmploymentDetails; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveEmploymentDetailsMutationOptions(queryClient, details.user_id));
  const form = useForm({
    schema: ValidateEmploymentDetailsInputSchema,
    initialValues: {
      user_id: details.user_id,
      start_date: textOf(details.start_date),
      continuous_service_date: textOf(details.continuous_service_date),
      probation_end_date: textOf(details.probation_end_date),
      contract_type_id: details.contract_type_id,
      hours_per_week: details.hours_per_week,
      employee_number: textOf(details.employee_number),
      average_weekly_earnings: details.average_weekly_earnings,
      department_id: details.department_id,
      location_id: details.location_id,
      line_manager_ids: details.line_managers.map((manager) => manager.id),
    },
    serverValidate: validateOnServer(EMPLOYMENT_RECORD_RESOURCES.employmentDetails),
    onSubmit: async ({ user_id: _userId, ...fields }) => {
      await save.mutateAsync(fields);
      showSuccessToast({ message: 'Employment details saved.' });
      onDone();
    },
  });
  return (
    <RecordFormFrame form={form} label="Edit employment details" onCancel={onDone}>
      <FieldPairs>
        <DateField label="Start date" {...form.valueProps<string>('start_date')} />
        <DateField label="Continuous service date" {...form.valueProps<string>('continuous_service_date')} />
        <DateField label="Probation end date" {...form.valueProps<string>('probation_end_date')} />
        <TextField label="Employee number" maxLength={50} {...form.textProps('employee_number')} />
        <ContractTypeAndHours valueProps={form.valueProps} />
        <NumberField
          label="Average weekly earnings (£)"
          description="Before tax, over the 8 weeks before a sickness: Statutory Sick Pay is worked out from it."
          min={0}
          step={0.01}
          decimalScale={2}
          {...form.valueProps<number | null>('average_weekly_earnings')}
        />
        <ReferenceSelect
          resource={ORGANISATION_RESOURCES.departments}
          label="Department"
          {...form.valueProps<string | null>('department_id')}
        />
        <ReferenceSelect resource={ORGANISATION_RESOURCES.locations} label="Location" {...form.valueProps<string | null>('location_id')} />
      </FieldPairs>
      <LineManagerSelect
        userId={details.user_id}
        initial={details.line_managers}
        {...form.valueProps<string[] | null>('line_manager_ids')}
      />
    </RecordFormFrame>
  );
}
