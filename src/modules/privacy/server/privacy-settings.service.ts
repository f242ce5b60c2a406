// The company's data-protection settings (self export, the retention schedule), the preview of
// the next retention run, and the special-category register with its CSV.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { toCsv, type CsvValue } from '../../../server/files/csv';
import { collectPersonalData } from '../../../server/personal-data';
import { requireCompany } from '../../../server/plugins/request-context';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate } from '../../../shared/dates';
import { RECORD_KINDS } from '../../../shared/record-kinds';
import {
  privacyMessages,
  type PrivacySettings,
  type PrivacySettingsInput,
  type RetentionPreview,
  type SpecialCategoryRegister,
} from '../privacy.contract';
import type { PrivacyCaller } from './exports.service';
import { findPrivacySettings, savePrivacySettings } from './privacy.queries';
import { auditedReads, roleAccess } from './register.queries';
import { lastRetentionRun } from './retention.queries';
import { retentionPreview, retentionSchedule } from './retention.service';

export type SettingsCaller = PrivacyCaller & { modules: readonly ServerModule[] };

export async function privacySettings(caller: PrivacyCaller): Promise<PrivacySettings> {
  const companyId = requireCompany(caller.session);
  const row = await withTenant(caller.db, companyId, (trx) => findPrivacySettings(trx, companyId));
  return { selfExportAllowed: row?.self_export_allowed ?? false, retention: retentionSchedule(row?.retention) };
}

export async function updatePrivacySettings(caller: PrivacyCaller, input: PrivacySettingsInput): Promise<PrivacySettings> {
  const companyId = requireCompany(caller.session);
  const fieldErrors: Record<string, string[]> = {};
  const retention: Record<string, number> = {};
  for (const [kind, months] of Object.entries(input.retention)) {
    const rule = RECORD_KINDS[kind as keyof typeof RECORD_KINDS];
    if (months < rule.minMonths || months > rule.maxMonths)
      fieldErrors[`retention.${kind}`] = [privacyMessages.outOfRange(rule.minMonths, rule.maxMonths)];
    else if (months !== rule.defaultMonths) retention[kind] = months;
  }
  if (Object.keys(fieldErrors).length > 0) throw AppError.validation(fieldErrors);
  await withTenant(caller.db, companyId, async (trx) => {
    await savePrivacySettings(trx, { companyId, selfExportAllowed: input.selfExportAllowed, retention });
    await auditCaller(trx, caller, {
      companyId,
      action: 'privacy_settings.updated',
      targetType: 'company',
      targetId: companyId,
      details: { selfExportAllowed: input.selfExportAllowed, retention },
    });
  });
  return privacySettings(caller);
}

export async function nextRunPreview(caller: SettingsCaller, now = new Date()): Promise<RetentionPreview> {
  const companyId = requireCompany(caller.session);
  const rows = await retentionPreview(caller.db, { modules: caller.modules, companyId, now });
  const last = await withTenant(caller.db, companyId, (trx) => lastRetentionRun(trx, companyId));
  const removed = last?.details
    ? Object.values((last.details as { removed?: Record<string, number> }).removed ?? {}).reduce((a, b) => a + b, 0)
    : 0;
  return { asOf: londonDate(now), rows, lastRun: last ? { at: last.created_at.toISOString(), removed } : null };
}

export async function specialCategoryRegister(
  caller: SettingsCaller,
  query: { from?: string; to?: string },
): Promise<SpecialCategoryRegister> {
  const companyId = requireCompany(caller.session);
  const to = query.to ?? londonDate(new Date());
  const from = query.from ?? addDays(to, -90);
  if (from > to) throw AppError.validation({ from: ['The start must be before the end.'] });
  const tables = collectPersonalData(caller.modules).filter((table) => table.category);
  const locations = tables.map((table) => ({
    module: table.module,
    table: table.table,
    label: table.label,
    type: table.category!.type,
    what: table.category!.what,
    columns: [...table.category!.columns],
  }));
  const endpoints = [...new Set(tables.flatMap((table) => table.category!.endpoints))];
  const actions = [...new Set(tables.flatMap((table) => table.category!.readActions))];
  return withTenant(caller.db, companyId, async (trx) => {
    const access = await roleAccess(trx, { companyId, endpoints });
    const reads = await auditedReads(trx, { companyId, actions, from, to });
    return {
      from,
      to,
      locations,
      access: access.map((row) => ({
        role: row.role,
        endpoint: row.endpoint,
        scope: row.scope,
        shows: tables.filter((table) => table.category!.endpoints.includes(row.endpoint)).map((table) => table.label),
      })),
      reads: reads.map((row) => ({
        at: row.created_at.toISOString(),
        actorName: row.actor_name,
        action: row.action,
        personName: row.person_name,
      })),
    };
  });
}

/** The register as one CSV for the company's records of processing: three blocks with their own headings. */
export function registerCsv(register: SpecialCategoryRegister, endpointsOf: (location: { table: string }) => string[]): string {
  const lines: CsvValue[][] = [['Where it is held', 'Type', 'What', 'Columns', 'Shown by']];
  for (const location of register.locations) {
    lines.push([location.label, location.type, location.what, location.columns.join(' '), endpointsOf(location).join(' ')]);
  }
  lines.push([], ['Role', 'Endpoint', 'Scope', 'Shows']);
  for (const access of register.access) lines.push([access.role, access.endpoint, access.scope, access.shows.join('; ')]);
  lines.push([], [`Reads from ${register.from} to ${register.to}`, 'By', 'What', 'About']);
  for (const read of register.reads) lines.push([read.at, read.actorName ?? '', read.action, read.personName ?? '']);
  return toCsv(lines);
}
