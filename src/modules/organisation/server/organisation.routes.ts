// The organisation module's routes: its lists (settings tabs), the managers of
// departments, the company logo and the iCal token reset of user settings. Each list says who
// reads it: the reference lists that forms and profiles name are read by every company user;
// termination reasons and company notes by their holders; terms by everyone once published.
import type { FastifyPluginAsync } from 'fastify';
import type { CompanyTable } from '../../../server/db/company-rows.queries';
import type { AppDeps } from '../../../server/app-deps';
import {
  CompanyNoteInputSchema,
  CustomFormFieldInputSchema,
  LocationInputSchema,
  NamedItemInputSchema,
  ORGANISATION_RESOURCES as R,
  PayRateTypeInputSchema,
  TagInputSchema,
  TermsInputSchema,
  WorkingPatternTemplateInputSchema,
} from '../organisation.contract';
import { companyLogoRoutes } from './company-logo.routes';
import { icalTokenRoutes } from './ical-token.routes';
import { mountListResource, type ListRead } from './list-resource';
import { managedDepartmentRoutes } from './managed-departments.routes';
import { departmentExtras, firstPublishedAt, peopleNames, type Usage } from './organisation.queries';

const BY_NAME = [{ column: 'name', direction: 'asc', lower: true }] as const;
const NEWEST_FIRST = [{ column: 'created_at', direction: 'desc' }] as const;

export const organisationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  mountListResource(app, deps, {
    name: R.locations,
    read: 'company',
    table: 'company_locations',
    noun: 'location',
    body: LocationInputSchema,
    order: BY_NAME,
    search: ['name', 'town', 'postcode'],
    unique: 'name',
    usages: [{ table: 'users', column: 'location_id', userColumn: 'id' }],
  });
  mountListResource(app, deps, {
    name: R.departments,
    read: 'company',
    table: 'departments',
    noun: 'department',
    body: NamedItemInputSchema,
    order: BY_NAME,
    unique: 'name',
    usages: [{ table: 'users', column: 'department_id', userColumn: 'id' }],
    alsoInvalidates: [R.managedDepartments],
    decorate: async (trx, rows, companyId) => {
      const { managers, counts } = await departmentExtras(trx, { companyId, ids: rows.map((row) => row.id) });
      return rows.map((row) => ({ ...row, managers: managers.get(row.id) ?? [], employee_count: counts.get(row.id) ?? 0 }));
    },
  });
  const named: { name: string; read: ListRead; table: CompanyTable; noun: string; usages: Usage[]; inUseAdvice?: string }[] = [
    {
      name: R.positions,
      read: 'company',
      table: 'company_positions',
      noun: 'job title',
      usages: [{ table: 'user_job_titles', column: 'position_id' }],
    },
    {
      name: R.contractTypes,
      read: 'company',
      table: 'contract_types',
      noun: 'contract type',
      usages: [
        { table: 'user_employment_details', column: 'contract_type_id' },
        { table: 'user_contracts', column: 'contract_type_id' },
      ],
    },
    {
      name: R.terminationReasons,
      // Only those who terminate (and manage the list) choose a reason; a profile shows its own.
      read: 'holders',
      table: 'termination_reasons',
      noun: 'termination reason',
      usages: [{ table: 'users', column: 'termination_reason_id', userColumn: 'id' }],
      inUseAdvice: 'Choose another reason for them first.',
    },
  ];
  for (const list of named) mountListResource(app, deps, { ...list, body: NamedItemInputSchema, order: BY_NAME, unique: 'name' });
  mountListResource(app, deps, {
    name: R.tags,
    read: 'company',
    table: 'user_tags',
    noun: 'tag',
    body: TagInputSchema,
    order: BY_NAME,
    unique: 'name',
    usages: [{ table: 'user_user_tags', column: 'tag_id' }],
    inUseAdvice: 'Remove it from them first.',
  });
  mountListResource(app, deps, {
    name: R.workingPatternTemplates,
    read: 'company',
    table: 'working_pattern_templates',
    noun: 'working pattern template',
    body: WorkingPatternTemplateInputSchema,
    order: BY_NAME,
    unique: 'name',
    usages: [{ table: 'user_working_patterns', column: 'template_id' }],
    inUseAdvice: 'Change their working patterns first.',
  });
  mountListResource(app, deps, {
    name: R.payRateTypes,
    read: 'company',
    table: 'company_pay_rate_types',
    noun: 'pay rate type',
    body: PayRateTypeInputSchema,
    order: BY_NAME,
    unique: 'name',
    usages: [
      { table: 'user_pay_rates', column: 'pay_rate_type_id' },
      {
        table: 'user_overtime',
        column: 'overtime_rate_id',
        via: { table: 'overtime_rates', column: 'pay_rate_type_id' },
        advice: 'Their overtime is paid at it, so it stays: rename it instead.',
      },
    ],
    inUseAdvice: 'Change their pay rates first.',
  });
  mountListResource(app, deps, {
    name: R.customFormFields,
    read: 'company',
    table: 'custom_form_fields',
    noun: 'field',
    body: CustomFormFieldInputSchema,
    order: [
      { column: 'position', direction: 'asc' },
      { column: 'label', direction: 'asc', lower: true },
    ],
    search: ['label'],
    unique: 'label',
    usages: [{ table: 'user_custom_field_values', column: 'field_id' }],
    inUseAdvice: 'Clear their values first.',
  });
  mountListResource(app, deps, {
    name: R.terms,
    read: 'published',
    table: 'terms_and_conditions',
    noun: 'version',
    body: TermsInputSchema,
    order: NEWEST_FIRST,
    search: ['title'],
    values: ({ publish, ...fields }, mode) =>
      mode === 'create'
        ? { ...fields, published_at: publish ? new Date() : null }
        : { ...fields, updated_at: new Date(), ...(publish ? { published_at: firstPublishedAt() } : {}) },
  });
  mountListResource(app, deps, {
    name: R.companyNotes,
    read: 'holders',
    table: 'company_notes',
    noun: 'note',
    body: CompanyNoteInputSchema,
    order: NEWEST_FIRST,
    search: ['body'],
    values: (body, mode, context) =>
      mode === 'create' ? { ...body, author_id: context.session.userId } : { ...body, updated_at: new Date() },
    decorate: async (trx, rows, companyId) => {
      const authorIds = [...new Set(rows.flatMap((row) => (typeof row.author_id === 'string' ? [row.author_id] : [])))];
      const names = await peopleNames(trx, { companyId, ids: authorIds });
      return rows.map(({ author_id, ...row }) => ({ ...row, author: (typeof author_id === 'string' && names.get(author_id)) || null }));
    },
  });

  await app.register(managedDepartmentRoutes, { deps });
  await app.register(companyLogoRoutes, { deps });
  await app.register(icalTokenRoutes, { deps });
};
