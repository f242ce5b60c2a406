// The organisation lists as ListDefinitions: their fields, columns and copy. Departments
// (with managers) are in department-list.tsx; the pages are thin wrappers in the routes.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import {
  BANK_HOLIDAY_REGION_LABELS,
  CUSTOM_FIELD_TYPES,
  CustomFormFieldInputSchema,
  LocationInputSchema,
  NAME_MAX_LENGTH,
  NamedItemInputSchema,
  PAY_UNITS,
  PayRateTypeInputSchema,
  TAG_COLOURS,
  TagInputSchema,
  TERMS_BODY_MAX_LENGTH,
  TermsInputSchema,
  WEEKDAY_HOURS,
  WorkingPatternTemplateInputSchema,
  type CustomFormField,
  type Location,
  type NamedItem,
  type PayRateType,
  type Tag,
  type TermsAndConditions,
  type WorkingPatternTemplate,
} from '../organisation.contract';
import type { FieldSpec } from './item-fields';
import type { ListDefinition } from './list-page';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const optionsOf = (values: readonly string[], label: (value: string) => string = capitalised) =>
  values.map((value) => ({ value, label: label(value) }));
const nameField: FieldSpec = { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH };
const nameColumn = { label: 'Name', render: (item: { name: string }) => item.name };
const byName = (item: { name: string }) => item.name;

/** A list that is only a name (job titles, contract types, termination reasons). */
function namedList(input: {
  resource: string;
  title: string;
  itemLabel: string;
  emptyText: string;
  description?: string;
  readEndpoint?: string;
}) {
  return {
    ...input,
    schema: NamedItemInputSchema,
    fields: [nameField],
    empty: { name: '' },
    toValues: (item: NamedItem) => ({ name: item.name }),
    columns: [nameColumn],
    titleOf: byName,
  } satisfies ListDefinition<NamedItem>;
}

export const locationList: ListDefinition<Location> = {
  resource: 'company-location',
  title: 'Locations',
  itemLabel: 'location',
  description: 'Where people work. The bank-holiday region of a location applies to its employees unless set on their record.',
  schema: LocationInputSchema,
  fields: [
    nameField,
    { name: 'address_line1', label: 'Address line 1', kind: 'text', maxLength: 200 },
    { name: 'address_line2', label: 'Address line 2', kind: 'text', maxLength: 200 },
    { name: 'town', label: 'Town', kind: 'text', maxLength: 100 },
    { name: 'postcode', label: 'Postcode', kind: 'text', maxLength: 10 },
    {
      name: 'bank_holiday_region',
      label: 'Bank holidays',
      kind: 'select',
      required: true,
      options: optionsOf(
        Object.keys(BANK_HOLIDAY_REGION_LABELS),
        (value) => BANK_HOLIDAY_REGION_LABELS[value as Location['bank_holiday_region']],
      ),
    },
  ],
  empty: { name: '', address_line1: '', address_line2: '', town: '', postcode: '', bank_holiday_region: 'england-and-wales' },
  toValues: (item) => ({
    name: item.name,
    address_line1: item.address_line1 ?? '',
    address_line2: item.address_line2 ?? '',
    town: item.town ?? '',
    postcode: item.postcode ?? '',
    bank_holiday_region: item.bank_holiday_region,
  }),
  columns: [
    nameColumn,
    {
      label: 'Address',
      render: (item) => [item.address_line1, item.address_line2, item.town, item.postcode].filter(Boolean).join(', ') || '—',
    },
    { label: 'Bank holidays', render: (item) => BANK_HOLIDAY_REGION_LABELS[item.bank_holiday_region] },
  ],
  titleOf: byName,
  emptyText: 'No locations yet.',
};

export const jobTitleList = namedList({
  resource: 'company-position',
  title: 'Job titles',
  itemLabel: 'job title',
  emptyText: 'No job titles yet.',
});
export const contractTypeList = namedList({
  resource: 'contract-type',
  title: 'Contract types',
  itemLabel: 'contract type',
  emptyText: 'No contract types yet.',
});
export const terminationReasonList = namedList({
  resource: 'termination-reason',
  title: 'Termination reasons',
  itemLabel: 'termination reason',
  emptyText: 'No termination reasons yet.',
});

export const tagList: ListDefinition<Tag> = {
  resource: 'user-tags',
  title: 'Employee tags',
  itemLabel: 'tag',
  description: 'Labels to group and filter employees, such as first aiders or key holders.',
  readEndpoint: '/api/users',
  schema: TagInputSchema,
  fields: [nameField, { name: 'colour', label: 'Colour', kind: 'select', required: true, options: optionsOf(TAG_COLOURS) }],
  empty: { name: '', colour: 'blue' },
  toValues: (item) => ({ name: item.name, colour: item.colour }),
  columns: [
    {
      label: 'Tag',
      render: (item) => (
        <Badge color={item.colour} variant="light">
          {item.name}
        </Badge>
      ),
    },
    { label: 'Colour', render: (item) => capitalised(item.colour) },
  ],
  titleOf: byName,
  emptyText: 'No tags yet.',
};

const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const workingPatternList: ListDefinition<WorkingPatternTemplate> = {
  resource: 'working-pattern-templates',
  title: 'Working pattern templates',
  itemLabel: 'working pattern template',
  schema: WorkingPatternTemplateInputSchema,
  fields: [
    nameField,
    ...WEEKDAY_HOURS.map((day, index): FieldSpec => ({
      name: day,
      label: `${DAY_LABELS[index]} hours`,
      kind: 'number',
      min: 0,
      max: 24,
      step: 0.25,
    })),
  ],
  empty: { name: '', ...Object.fromEntries(WEEKDAY_HOURS.map((day) => [day, 0])) },
  toValues: (item) => ({ name: item.name, ...Object.fromEntries(WEEKDAY_HOURS.map((day) => [day, item[day]])) }),
  columns: [
    nameColumn,
    { label: 'Hours', render: (item) => WEEKDAY_HOURS.map((day, index) => `${DAY_LABELS[index]} ${item[day]}`).join(' · ') },
    { label: 'Per week', render: (item) => WEEKDAY_HOURS.reduce((sum, day) => sum + item[day], 0) },
  ],
  titleOf: byName,
  emptyText: 'No working pattern templates yet.',
};

export const payRateTypeList: ListDefinition<PayRateType> = {
  resource: 'company-pay-rate-type',
  title: 'Pay rate types',
  itemLabel: 'pay rate type',
  description: 'The kinds of pay an employee’s pay rates are given in.',
  schema: PayRateTypeInputSchema,
  fields: [nameField, { name: 'unit', label: 'Paid per', kind: 'select', required: true, options: optionsOf(PAY_UNITS) }],
  empty: { name: '', unit: 'hour' },
  toValues: (item) => ({ name: item.name, unit: item.unit }),
  columns: [nameColumn, { label: 'Paid per', render: (item) => capitalised(item.unit) }],
  titleOf: byName,
  emptyText: 'No pay rate types yet.',
};

export const customFieldList: ListDefinition<CustomFormField> = {
  resource: 'custom-form-fields',
  title: 'Custom form fields',
  itemLabel: 'field',
  description: 'Extra fields filled on each employee’s profile, in this order.',
  schema: CustomFormFieldInputSchema,
  fields: [
    { name: 'label', label: 'Label', kind: 'text', required: true, maxLength: NAME_MAX_LENGTH },
    { name: 'field_type', label: 'Type', kind: 'select', required: true, options: optionsOf(CUSTOM_FIELD_TYPES) },
    {
      name: 'options',
      label: 'Options',
      kind: 'options',
      description: 'Press Enter after each option.',
      hidden: (values) => values.field_type !== 'select',
    },
    { name: 'required', label: 'Required', kind: 'checkbox' },
    { name: 'position', label: 'Position', kind: 'number', min: 0, max: 10_000, step: 1, description: 'Lower numbers come first.' },
  ],
  empty: { label: '', field_type: 'text', options: [], required: false, position: 0 },
  toValues: (item) => ({
    label: item.label,
    field_type: item.field_type,
    options: item.options,
    required: item.required,
    position: item.position,
  }),
  columns: [
    { label: 'Label', render: (item) => item.label },
    { label: 'Type', render: (item) => capitalised(item.field_type) },
    { label: 'Required', render: (item) => (item.required ? 'Yes' : 'No') },
    { label: 'Options', render: (item) => item.options.join(', ') || '—' },
  ],
  titleOf: (item) => item.label,
  emptyText: 'No custom fields yet.',
};

export const termsList: ListDefinition<TermsAndConditions> = {
  resource: 'terms-and-conditions',
  title: 'Terms and conditions',
  itemLabel: 'version',
  description: 'The terms employees accept. The newest published version applies.',
  schema: TermsInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200 },
    { name: 'body', label: 'Text', kind: 'textarea', maxLength: TERMS_BODY_MAX_LENGTH },
    { name: 'publish', label: 'Publish now', kind: 'checkbox', description: 'Once published, a version keeps its publication date.' },
  ],
  empty: { title: '', body: '', publish: false },
  toValues: (item) => ({ title: item.title, body: item.body, publish: item.published_at !== null }),
  columns: [
    { label: 'Title', render: (item) => item.title },
    {
      label: 'Status',
      render: (item) => (item.published_at ? `Published ${formatLondon(item.published_at, DATE_FORMATS.date)}` : 'Draft'),
    },
    { label: 'Updated', render: (item) => formatLondon(item.updated_at, DATE_FORMATS.dateTime) },
  ],
  titleOf: (item) => item.title,
  emptyText: 'No terms and conditions yet.',
};
