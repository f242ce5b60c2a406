// The tables of migration 0011 (people): the organisation's lists, which the organisation
// module owns, and the employee records, which the employees module owns. Declared in one
// place so both modules (and the seed) see the same shapes. Calendar dates are 'yyyy-MM-dd'
// strings (see database.ts); numeric columns are numbers.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = Generated<Date>;
type DateText = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;

export type BankHolidayRegion = 'england-and-wales' | 'scotland' | 'northern-ireland';
export const BANK_HOLIDAY_REGIONS: readonly BankHolidayRegion[] = ['england-and-wales', 'scotland', 'northern-ireland'];
export type PayUnit = 'hour' | 'day' | 'week' | 'month' | 'year';
export type CustomFieldType = 'text' | 'textarea' | 'number' | 'date' | 'select' | 'checkbox';
export type UserNoteType = 'general' | 'performance' | 'absence' | 'disciplinary' | 'grievance' | 'training' | 'other';

/** Hours on each weekday; 0 is a day off. */
export type WeekdayHours = {
  mon_hours: Generated<number>;
  tue_hours: Generated<number>;
  wed_hours: Generated<number>;
  thu_hours: Generated<number>;
  fri_hours: Generated<number>;
  sat_hours: Generated<number>;
  sun_hours: Generated<number>;
};

type TenantRow = { id: Generated<string>; company_id: string; created_at: CreatedAt };
type NamedRow = TenantRow & { name: string };
type PerUserRow = { user_id: string; company_id: string; updated_at: Generated<Date> };
type UserRow = TenantRow & { user_id: string };

export interface CompanyLocationsTable extends NamedRow {
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postcode: string | null;
  bank_holiday_region: Generated<BankHolidayRegion>;
}
export type CompanyPositionsTable = NamedRow;
export interface UserTagsTable extends NamedRow {
  colour: Generated<string>;
}
export type ContractTypesTable = NamedRow;
export type TerminationReasonsTable = NamedRow;
export type WorkingPatternTemplatesTable = NamedRow & WeekdayHours;
export interface CompanyPayRateTypesTable extends NamedRow {
  unit: Generated<PayUnit>;
}
export interface CustomFormFieldsTable extends TenantRow {
  label: string;
  field_type: CustomFieldType;
  options: Generated<string[]>;
  required: Generated<boolean>;
  position: Generated<number>;
}
export interface TermsAndConditionsTable extends TenantRow {
  title: string;
  body: Generated<string>;
  published_at: Date | null;
  updated_at: Generated<Date>;
}
export interface CompanyNotesTable extends TenantRow {
  body: string;
  author_id: string | null;
  updated_at: Generated<Date>;
}

export interface UserPersonalDetailsTable extends PerUserRow {
  date_of_birth: NullableDate;
  gender: string | null;
  nationality: string | null;
  ethnicity: string | null;
  ni_number: string | null;
  health_notes: string | null;
  bank_account_name: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
}
export interface UserContactDetailsTable extends PerUserRow {
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  home_phone: string | null;
  mobile_phone: string | null;
  work_phone: string | null;
  work_extension: string | null;
  personal_email: string | null;
}
export interface UserAboutMeTable extends PerUserRow {
  about: Generated<string>;
  interests: Generated<string>;
}
export interface UserEmploymentDetailsTable extends PerUserRow {
  start_date: NullableDate;
  continuous_service_date: NullableDate;
  probation_end_date: NullableDate;
  contract_type_id: string | null;
  hours_per_week: number | null;
  employee_number: string | null;
  /** Pounds a week before tax, for Statutory Sick Pay; entered or imported by the employer. */
  average_weekly_earnings: number | null;
}
export interface UserBankHolidayRegionsTable extends PerUserRow {
  bank_holiday_region: BankHolidayRegion;
}
export interface UserNextOfKinTable extends UserRow {
  name: string;
  relationship: string;
  phone: string | null;
  email: string | null;
  address: string | null;
}
export interface UserJobTitlesTable extends UserRow {
  position_id: string | null;
  title: string;
  start_date: DateText;
  termination_date: NullableDate;
}
export interface UserContractsTable extends UserRow {
  contract_type_id: string | null;
  start_date: DateText;
  end_date: NullableDate;
  hours_per_week: number | null;
  notice_period: string | null;
  file_id: string | null;
  notes: string | null;
}
export interface UserWorkPermitsTable extends UserRow {
  document_type: string;
  document_number: string | null;
  share_code: string | null;
  date_checked: DateText;
  checked_by_id: string | null;
  follow_up_date: NullableDate;
  expiry_date: NullableDate;
  reminded_at: Date | null;
  notes: string | null;
}
export interface UserPayRatesTable extends UserRow {
  pay_rate_type_id: string | null;
  amount: number;
  unit: Generated<PayUnit>;
  start_date: DateText;
  end_date: NullableDate;
}
export type UserWorkingPatternsTable = UserRow &
  WeekdayHours & {
    template_id: string | null;
    start_date: DateText;
  };
export interface UserNotesTable extends UserRow {
  type: UserNoteType;
  body: string;
  author_id: string | null;
  updated_at: Generated<Date>;
}
export interface UserUserTagsTable {
  user_id: string;
  tag_id: string;
  company_id: string;
}
export interface UserCustomFieldValuesTable {
  user_id: string;
  field_id: string;
  company_id: string;
  value: string;
}

// Migration 0011 adds to the identity module's users and companies.
declare module '../../auth/server/auth.queries' {
  interface UsersTable {
    location_id: Generated<string | null>;
    /** The title of the latest job-title record, kept current by its writes. */
    job_title: Generated<string | null>;
    termination_date: Generated<string | null>;
    termination_reason_id: Generated<string | null>;
    termination_notes: Generated<string | null>;
    setup_completed_at: Generated<Date | null>;
    icalendar_token: Generated<string | null>;
  }
  interface CompaniesTable {
    logo_file_id: Generated<string | null>;
  }
}

declare module '../../../server/db/schema' {
  interface Database {
    company_locations: CompanyLocationsTable;
    company_positions: CompanyPositionsTable;
    user_tags: UserTagsTable;
    contract_types: ContractTypesTable;
    termination_reasons: TerminationReasonsTable;
    working_pattern_templates: WorkingPatternTemplatesTable;
    company_pay_rate_types: CompanyPayRateTypesTable;
    custom_form_fields: CustomFormFieldsTable;
    terms_and_conditions: TermsAndConditionsTable;
    company_notes: CompanyNotesTable;
    user_personal_details: UserPersonalDetailsTable;
    user_contact_details: UserContactDetailsTable;
    user_about_me: UserAboutMeTable;
    user_employment_details: UserEmploymentDetailsTable;
    user_bank_holiday_regions: UserBankHolidayRegionsTable;
    user_next_of_kin: UserNextOfKinTable;
    user_job_titles: UserJobTitlesTable;
    user_contracts: UserContractsTable;
    user_work_permits: UserWorkPermitsTable;
    user_pay_rates: UserPayRatesTable;
    user_working_patterns: UserWorkingPatternsTable;
    user_notes: UserNotesTable;
    user_user_tags: UserUserTagsTable;
    user_custom_field_values: UserCustomFieldValuesTable;
  }
}
