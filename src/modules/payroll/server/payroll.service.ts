// Payroll data's domain functions: the company's pay period settings, the periods to review,
// a period's data (live while open, the stored items once exported), exporting (which locks
// what it carried: the items are stored and each contributor stamps its records), the files,
// and sending them to the payroll contact as an expiring link through the mail outbox.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import type { Config } from '../../../server/config';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { payrollContributors, type PayrollElement } from '../../../server/module-hooks';
import { requireCompany } from '../../../server/plugins/request-context';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import {
  PAYROLL_INVALIDATES,
  payrollMessages,
  payrollPaths,
  SHARED_LINK_DAYS,
  type ExportLayout,
  type PayPeriodDetail,
  type PayPeriodSummary,
  type PayrollSettings,
  type PayrollSettingsInput,
} from '../payroll.contract';
import { isPeriodStart, periodContaining, recentPeriods, type PayPeriod } from '../pay-periods';
import { gatherElements, summarise } from './payroll-build';
import { exportFile, type ExportFile } from './payroll-export';
import {
  claimSharedLink,
  findExportedPeriod,
  findExportedPeriods,
  findItems,
  findLaterExported,
  findPayrollPeople,
  findPayrollSettings,
  findPeriodById,
  findSends,
  insertItems,
  insertPeriod,
  insertSend,
  savePayrollSettings,
} from './payroll.queries';

export type PayrollCaller = AuditCaller & {
  db: Db;
  mail: MailDispatcher;
  modules: readonly ServerModule[];
  config: Pick<Config, 'publicOrigin' | 'port'>;
};

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

async function settingsOf(trx: Trx, companyId: string): Promise<PayrollSettings> {
  const row = await findPayrollSettings(trx, companyId);
  if (row)
    return {
      frequency: row.frequency,
      first_period_start: row.first_period_start,
      payroll_contact_email: row.payroll_contact_email,
      saved: true,
    };
  return {
    frequency: 'monthly',
    first_period_start: `${londonDate(new Date()).slice(0, 4)}-01-01`,
    payroll_contact_email: null,
    saved: false,
  };
}

export async function getPayrollSettings(caller: Pick<PayrollCaller, 'db' | 'session'>): Promise<PayrollSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, (trx) => settingsOf(trx, companyId));
}

export async function savePayrollSettingsFor(caller: PayrollCaller, input: PayrollSettingsInput): Promise<PayrollSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await savePayrollSettings(trx, companyId, input);
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'payroll.settings_saved',
      targetType: 'payroll_settings',
      targetId: companyId,
      invalidates: PAYROLL_INVALIDATES.settings,
      details: { frequency: input.frequency, first_period_start: input.first_period_start, contact: input.payroll_contact_email !== null },
    });
    return settingsOf(trx, companyId);
  });
}

export async function listPeriods(caller: Pick<PayrollCaller, 'db' | 'session'>): Promise<PayPeriodSummary[]> {
  const companyId = requireCompany(caller.session);
  const today = londonDate(new Date());
  return withTenant(caller.db, companyId, async (trx) => {
    const settings = await settingsOf(trx, companyId);
    const exported = await findExportedPeriods(trx, companyId);
    const byStart = new Map<string, PayPeriodSummary>();
    for (const period of recentPeriods(settings.frequency, settings.first_period_start, today, 6)) {
      byStart.set(period.start_date, { ...period, exported_at: null, exported_by: null, ended: period.end_date <= today });
    }
    for (const row of exported) {
      byStart.set(row.start_date, {
        start_date: row.start_date,
        end_date: row.end_date,
        exported_at: row.exported_at.toISOString(),
        exported_by: row.exported_by,
        ended: row.end_date <= today,
      });
    }
    return [...byStart.values()].sort((a, b) => b.start_date.localeCompare(a.start_date));
  });
}

type Resolved = { period: PayPeriod; exported: Awaited<ReturnType<typeof findExportedPeriod>>; settings: PayrollSettings };

/** The period starting `start`: an exported one, else a period of the company's settings; 404 otherwise. */
async function resolvePeriod(trx: Trx, companyId: string, start: string): Promise<Resolved> {
  const settings = await settingsOf(trx, companyId);
  const exported = await findExportedPeriod(trx, { companyId, start });
  if (exported) return { period: { start_date: exported.start_date, end_date: exported.end_date }, exported, settings };
  if (!isPeriodStart(settings.frequency, settings.first_period_start, start)) throw AppError.notFound();
  return { period: periodContaining(settings.frequency, settings.first_period_start, start), exported, settings };
}

const itemToElement = (item: Awaited<ReturnType<typeof findItems>>[number]): PayrollElement => ({
  userId: item.user_id,
  source: item.source,
  key: item.source_key,
  date: item.item_date,
  code: item.code,
  label: item.label,
  hours: item.hours,
  multiplier: item.multiplier,
  days: item.days,
  qualifyingDays: item.qualifying_days,
  amount: item.amount,
  taxable: item.taxable,
});

/** The period's people and lines: the stored items once exported, else built now. */
async function dataOf(trx: Trx, companyId: string, resolved: Resolved, modules: readonly ServerModule[]) {
  if (resolved.exported) {
    const elements = (await findItems(trx, { companyId, periodId: resolved.exported.id })).map(itemToElement);
    const people = await findPayrollPeople(trx, {
      companyId,
      userIds: [...new Set(elements.map((element) => element.userId))],
      from: resolved.period.start_date,
      to: resolved.period.end_date,
    });
    return { elements, ...summarise(resolved.period, elements, people) };
  }
  const gathered = await gatherElements(trx, { companyId, period: resolved.period, contributors: payrollContributors(modules) });
  return { elements: gathered.elements, ...summarise(resolved.period, gathered.elements, gathered.people) };
}

async function detailOf(trx: Trx, caller: PayrollCaller, companyId: string, start: string): Promise<PayPeriodDetail> {
  const resolved = await resolvePeriod(trx, companyId, start);
  const data = await dataOf(trx, companyId, resolved, caller.modules);
  const sends = resolved.exported ? await findSends(trx, { companyId, periodId: resolved.exported.id }) : [];
  return {
    ...resolved.period,
    frequency: resolved.settings.frequency,
    exported_at: resolved.exported ? resolved.exported.exported_at.toISOString() : null,
    exported_by: resolved.exported?.exported_by ?? null,
    ended: resolved.period.end_date <= londonDate(new Date()),
    people: data.people,
    totals: data.totals,
    sends: sends.map((send) => ({
      id: send.id,
      sent_to: send.sent_to,
      layout: send.layout,
      sent_by: send.sent_by,
      sent_at: send.created_at.toISOString(),
      downloaded_at: send.downloaded_at ? send.downloaded_at.toISOString() : null,
    })),
  };
}

export async function getPeriod(caller: PayrollCaller, start: string): Promise<PayPeriodDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const detail = await detailOf(trx, caller, companyId, start);
    // NI numbers are read: every read is audited.
    await auditCaller(trx, caller, {
      companyId,
      action: 'payroll.period_viewed',
      targetType: 'payroll_period',
      targetId: start,
      details: { people: detail.people.length },
    });
    return detail;
  });
}

/** Stores the period's items and has each contributor lock its records; 409 when done already or behind a later export. */
async function exportIn(trx: Trx, caller: PayrollCaller, companyId: string, start: string): Promise<string> {
  const resolved = await resolvePeriod(trx, companyId, start);
  if (resolved.exported) throw new AppError('conflict', { message: payrollMessages.alreadyExported });
  if (await findLaterExported(trx, { companyId, start })) throw new AppError('conflict', { message: payrollMessages.laterExported });
  const periodId = await insertPeriod(trx, {
    companyId,
    start: resolved.period.start_date,
    end: resolved.period.end_date,
    userId: caller.session.userId,
  });
  if (!periodId) throw new AppError('conflict', { message: payrollMessages.alreadyExported });
  const { elements } = await dataOf(trx, companyId, resolved, caller.modules);
  await insertItems(
    trx,
    elements.map((element) => ({
      company_id: companyId,
      period_id: periodId,
      user_id: element.userId,
      source: element.source,
      source_key: element.key,
      item_date: element.date,
      code: element.code,
      label: element.label,
      hours: element.hours ?? null,
      multiplier: element.multiplier ?? null,
      days: element.days ?? null,
      qualifying_days: element.qualifyingDays ?? null,
      amount: element.amount ?? null,
      taxable: element.taxable ?? null,
    })),
  );
  for (const contributor of payrollContributors(caller.modules)) {
    const keys = elements.filter((element) => element.source === contributor.source).map((element) => element.key);
    if (keys.length > 0 && contributor.markExported) await contributor.markExported(trx, { companyId, periodId, keys });
  }
  await recordCompanyWrite(trx, {
    caller,
    companyId,
    action: 'payroll.period_exported',
    targetType: 'payroll_period',
    targetId: periodId,
    invalidates: PAYROLL_INVALIDATES.period,
    details: { start_date: resolved.period.start_date, end_date: resolved.period.end_date, items: elements.length },
  });
  return periodId;
}

export async function exportPeriod(caller: PayrollCaller, start: string): Promise<PayPeriodDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    await exportIn(trx, caller, companyId, start);
    return detailOf(trx, caller, companyId, start);
  });
}

export async function downloadPeriod(caller: PayrollCaller, start: string, layout: ExportLayout): Promise<ExportFile> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const resolved = await resolvePeriod(trx, companyId, start);
    const data = await dataOf(trx, companyId, resolved, caller.modules);
    await auditCaller(trx, caller, {
      companyId,
      action: 'payroll.downloaded',
      targetType: 'payroll_period',
      targetId: start,
      details: { layout, exported: resolved.exported !== undefined },
    });
    return exportFile(resolved.period, data.people, layout);
  });
}

export async function sendPeriod(caller: PayrollCaller, start: string, layout: ExportLayout): Promise<PayPeriodDetail> {
  const companyId = requireCompany(caller.session, 'not_found');
  const detail = await withTenant(caller.db, companyId, async (trx) => {
    const settings = await settingsOf(trx, companyId);
    if (!settings.payroll_contact_email)
      throw AppError.validation({ payroll_contact_email: [payrollMessages.noContact] }, payrollMessages.noContact);
    const existing = await findExportedPeriod(trx, { companyId, start });
    const periodId = existing?.id ?? (await exportIn(trx, caller, companyId, start));
    const period = await findPeriodById(trx, { companyId, id: periodId });
    if (!period) throw AppError.notFound();
    const { token, tokenHash } = generateLinkToken();
    const expiresAt = new Date(Date.now() + SHARED_LINK_DAYS * 86_400_000);
    const sendId = await insertSend(trx, {
      companyId,
      periodId,
      userId: caller.session.userId,
      to: settings.payroll_contact_email,
      layout,
      digest: tokenHash,
      expiresAt,
    });
    const link = new URL(
      payrollPaths.sharedDownload(token),
      caller.config.publicOrigin ?? `http://localhost:${caller.config.port}`,
    ).toString();
    const range = `${shown(period.start_date)} to ${shown(period.end_date)}`;
    await enqueueEmail(trx, {
      template: 'payroll_data',
      companyId,
      to: settings.payroll_contact_email,
      subject: `Payroll data for ${range}`,
      text: [
        'Hello,',
        '',
        `The payroll data for the pay period ${range} is ready: overtime, unpaid leave, sickness, starters and leavers, and any other payroll elements.`,
        '',
        `Download it (${layout === 'elements' ? 'payroll import CSV, one row per element' : layout === 'xlsx' ? 'Excel workbook' : 'CSV, one row per person'}) within ${SHARED_LINK_DAYS} days, until ${formatCalendarDate(londonDate(expiresAt), DATE_FORMATS.date)}:`,
        link,
        '',
        'The link is personal to you: please do not forward it.',
      ].join('\n'),
    });
    await auditCaller(trx, caller, {
      companyId,
      action: 'payroll.sent',
      targetType: 'payroll_period',
      targetId: periodId,
      details: { send_id: sendId, to: settings.payroll_contact_email, layout, expires_at: expiresAt.toISOString() },
    });
    return detailOf(trx, caller, companyId, start);
  });
  caller.mail.wake();
  return detail;
}

/** The file behind a payroll contact's link: the exported period's stored items; 404 when the link is unknown or expired. */
export async function sharedDownload(deps: { db: Db; modules: readonly ServerModule[] }, token: string): Promise<ExportFile> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw AppError.notFound(payrollMessages.linkExpired);
  const claimed = await withSystem(deps.db, (trx) => claimSharedLink(trx, hashLinkToken(token)));
  if (!claimed) throw AppError.notFound(payrollMessages.linkExpired);
  return withTenant(deps.db, claimed.company_id, async (trx) => {
    const period = await findPeriodById(trx, { companyId: claimed.company_id, id: claimed.period_id });
    if (!period) throw AppError.notFound(payrollMessages.linkExpired);
    const elements = (await findItems(trx, { companyId: claimed.company_id, periodId: period.id })).map(itemToElement);
    const people = await findPayrollPeople(trx, {
      companyId: claimed.company_id,
      userIds: [...new Set(elements.map((element) => element.userId))],
      from: period.start_date,
      to: period.end_date,
    });
    return exportFile(period, summarise(period, elements, people).people, claimed.layout);
  });
}
