// Form pieces of the records-B tabs: a number field whose empty value is null, a select fed
// by one of the company's lists, and the words of dates and hours in British formats (money:
// src/shared/money.ts). A record's form opens in the shared FormModal.
import '@mantine/core/styles/NumberInput.css';
import { NumberInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FieldLabel } from '../../../../client/ui/field-label';
import { SelectField } from '../../../../client/ui/select-field';
import { amountInWords, DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import { ORGANISATION_RESOURCES } from '../../../organisation/organisation.contract';
import { referenceListQueryOptions } from './employment-records.api';

type NumberFieldProps = {
  name: string;
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  error?: string | undefined;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number;
  decimalScale?: number;
  prefix?: string;
  description?: string;
};

/** A number; cleared, it is null (an optional value not given). */
export function NumberField({ value, onChange, label, required = false, ...props }: NumberFieldProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? null : typeof next === 'number' ? next : Number(next))}
      required={required}
      withAsterisk={false}
      allowNegative={false}
      label={<FieldLabel label={label} showRequired={required && (value === null || value === undefined)} />}
    />
  );
}

type ReferenceSelectProps = {
  /** The resource of the list (contract-type, company-location...). */
  resource: string;
  name: string;
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  noneLabel?: string;
};

/** A choice from one of the company's lists; the list loads when the form opens. */
export function ReferenceSelect({ resource, value, ...props }: ReferenceSelectProps) {
  const list = useQuery(referenceListQueryOptions(resource));
  const data = (list.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  return <SelectField {...props} value={value ?? null} data={data} searchable disabled={list.isPending && data.length === 0} />;
}

/** "12/01/2027", or null for no date. */
export const dateText = (iso: string | null | undefined) => (iso ? formatCalendarDate(iso, DATE_FORMATS.date) : null);

/** Hours as "7.5 hours" ("1 hour"). */
export const hoursText = (hours: number | null | undefined) =>
  hours === null || hours === undefined ? null : amountInWords(hours, 'hours');

/** '' for a missing value: what a text field shows. */
export const textOf = (value: string | null | undefined) => value ?? '';

type ValueProps = <TValue>(path: string) => { name: string; value: TValue; error: string | undefined; onChange: (value: TValue) => void };

/** A contract's type and its weekly hours, asked the same way by a contract and by the employment details. */
export function ContractTypeAndHours({ valueProps }: { valueProps: ValueProps }) {
  return (
    <>
      <ReferenceSelect
        resource={ORGANISATION_RESOURCES.contractTypes}
        label="Contract type"
        {...valueProps<string | null>('contract_type_id')}
      />
      <NumberField label="Hours per week" min={0} max={168} step={0.5} decimalScale={2} {...valueProps<number | null>('hours_per_week')} />
    </>
  );
}
