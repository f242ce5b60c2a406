// The only SQL of company and user settings. Rows appear on the first change; until then
// reads answer the defaults, which are the columns' defaults (migrations 0006 and 0007).
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { CompanySettings, UpdateCompanySettingsInput, UpdateUserSettingsInput, UserSettings } from '../../../shared/settings.contract';

export interface CompanySettingsTable {
  company_id: string;
  return_to_work_enabled: Generated<boolean>;
  rota_enabled: Generated<boolean>;
  overtime_enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    company_settings: CompanySettingsTable;
  }
}

// user_settings is created by the notifications migration; 0007 adds the overtime allowances.
declare module '../../../server/notifications/notifications.queries' {
  interface UserSettingsTable {
    allow_payable_overtime: Generated<boolean>;
    allow_toil_overtime: Generated<boolean>;
  }
}

export const COMPANY_SETTINGS_DEFAULTS = { return_to_work_enabled: false, rota_enabled: false, overtime_enabled: false } as const;
export const USER_SETTINGS_DEFAULTS = { email_notifications: true, allow_payable_overtime: false, allow_toil_overtime: false } as const;

const COMPANY_DETAILS = ['name', 'number', 'sector_name'] as const;

export async function getCompanySettings(db: DbOrTrx, companyId: string): Promise<CompanySettings> {
  const row = await db
    .selectFrom('company_settings')
    .select(['return_to_work_enabled', 'rota_enabled', 'overtime_enabled'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const company = await db
    .selectFrom('companies as c')
    .leftJoin('files as f', (join) => join.onRef('f.id', '=', 'c.logo_file_id').onRef('f.company_id', '=', 'c.id'))
    .select(['c.name', 'c.number', 'c.sector_name', 'f.id as logo_id', 'f.original_name as logo_name', 'f.created_at as logo_created_at'])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
  const logo =
    company?.logo_id && company.logo_name && company.logo_created_at
      ? { id: company.logo_id, name: company.logo_name, created_at: company.logo_created_at.toISOString() }
      : null;
  const details = { name: company?.name ?? '', number: company?.number ?? null, sector_name: company?.sector_name ?? null, logo };
  return { company_id: companyId, ...COMPANY_SETTINGS_DEFAULTS, ...row, ...details };
}

export async function updateCompanySettings(
  db: DbOrTrx,
  input: { companyId: string; change: UpdateCompanySettingsInput },
): Promise<CompanySettings> {
  const given = Object.entries(input.change).filter(([, value]) => value !== undefined);
  const isDetail = (key: string) => (COMPANY_DETAILS as readonly string[]).includes(key);
  const details = Object.fromEntries(given.filter(([key]) => isDetail(key)));
  const change = Object.fromEntries(given.filter(([key]) => !isDetail(key)));
  if (Object.keys(details).length > 0) await db.updateTable('companies').set(details).where('id', '=', input.companyId).execute();
  await db
    .insertInto('company_settings')
    .values({ company_id: input.companyId, ...change })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...change, updated_at: sql<Date>`now()` }))
    .execute();
  return getCompanySettings(db, input.companyId);
}

export async function getUserSettings(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<UserSettings> {
  const row = await db
    .selectFrom('user_settings')
    .select(['email_notifications', 'allow_payable_overtime', 'allow_toil_overtime'])
    .where('user_id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return { user_id: input.userId, ...USER_SETTINGS_DEFAULTS, ...row };
}

export async function updateUserSettings(
  db: DbOrTrx,
  input: { companyId: string; userId: string; change: UpdateUserSettingsInput },
): Promise<UserSettings> {
  const change = Object.fromEntries(Object.entries(input.change).filter(([, value]) => value !== undefined));
  await db
    .insertInto('user_settings')
    .values({ user_id: input.userId, company_id: input.companyId, ...change })
    .onConflict((oc) => (Object.keys(change).length ? oc.column('user_id').doUpdateSet(change) : oc.column('user_id').doNothing()))
    .execute();
  return getUserSettings(db, input);
}
