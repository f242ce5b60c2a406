// Time worked beyond a rostered shift, offered as overtime. When a manager approves an entry
// whose worked minutes (less breaks) pass the shift's paid minutes by more than the company's
// threshold, the person gets a to-do asking them to claim it (paid or time off in lieu) or
// dismiss it; a claim is filed through the overtime module's `overtimeClaims` offer, which asks
// the person's approvers as the overtime form does. One offer per entry (a unique link); an edit
// of the entry withdraws an open offer, and approving it again offers it afresh.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { escapeHtml } from '../../../server/mail/html';
import { overtimeClaimsOf } from '../../../server/module-hooks';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { durationInWords, londonDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import {
  DEFAULT_OFFER_REASON,
  OVERTIME_OFFER_INVALIDATES,
  OVERTIME_OFFER_RESOURCES,
  mostClaimable,
  offeredHours,
  overtimeOfferMessages,
  type ClaimOfferInput,
  type OfferSettings,
  type OvertimeOffer,
} from '../overtime-offers.contract';
import { minutesBetween } from '../time-clock.contract';
import { feedWeeksOf } from './clocked-hours-accrual';
import { findOffer, findOfferThreshold, insertOffer, saveOfferThreshold, updateOffer, type OfferRow } from './overtime-offers.queries';
import { OVERTIME_OFFER_CLAIM } from './overtime-offers.todos';
import { findShifts } from './time-clock-shifts.queries';

export type OfferCaller = AuditCaller & { db: Db; mail: MailDispatcher; modules: readonly ServerModule[] };
/** What the approving and editing transactions hand over. */
export type ApprovingCaller = AuditCaller & { modules?: readonly ServerModule[] };
export type ApprovedEntry = { id: string; user_id: string; shift_id: string | null; clock_in_at: Date; worked_minutes: number | null };

/** "Tue 24 Nov". */
export const dayShown = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');

const subjectOf = (offerId: string) => todoSubject('overtime_offer', offerId);

async function published(trx: Trx, companyId: string): Promise<void> {
  await publish(trx, {
    channel: companyChannel(companyId),
    event: OVERTIME_OFFER_RESOURCES.offers,
    invalidates: OVERTIME_OFFER_INVALIDATES,
    companyId,
  });
}

/** The minutes the entry's worked time passes its shift's paid time by, or null with no shift. */
async function extraMinutesOf(trx: Trx, companyId: string, entry: ApprovedEntry): Promise<number | null> {
  if (!entry.shift_id || entry.worked_minutes === null) return null;
  const [shift] = await findShifts(trx, { companyId, ids: [entry.shift_id] });
  if (!shift) return null;
  return entry.worked_minutes - (minutesBetween(shift.start_at, shift.end_at) - shift.break_minutes);
}

/**
 * In the approving transaction: time beyond the shift past the threshold is offered to the
 * person — unless the entry already has an offer
 * (claimed, dismissed or open), or overtime is off or not allowed them either way.
 */
export async function offerBeyondShift(trx: Trx, modules: readonly ServerModule[], companyId: string, entry: ApprovedEntry): Promise<void> {
  const date = londonDate(entry.clock_in_at);
  const extra = await extraMinutesOf(trx, companyId, entry);
  if (extra === null || extra <= (await findOfferThreshold(trx, companyId)) || offeredHours(extra) < 0.25) return;
  const claims = overtimeClaimsOf(modules);
  if (!claims) return;
  const options = await claims.options(trx, { companyId, userId: entry.user_id });
  if (!options.enabled || (!options.paid && !options.toil)) return;
  const existing = await findOffer(trx, { companyId, entryId: entry.id, lock: true });
  if (existing && existing.status !== 'withdrawn') return;
  let offerId: string;
  if (existing) {
    offerId = existing.id;
    await updateOffer(trx, { companyId, id: existing.id, status: 'open', date, extraMinutes: extra });
  } else {
    offerId = await insertOffer(trx, { companyId, userId: entry.user_id, entryId: entry.id, date, extraMinutes: extra });
  }
  await notify(trx, {
    companyId,
    userId: entry.user_id,
    description: escapeHtml(`You worked ${durationInWords(extra)} beyond your shift on ${dayShown(date)} — claim it as overtime?`),
    relatesTo: 'overtime_offer',
    relatesToId: offerId,
    todo: true,
    kind: OVERTIME_OFFER_CLAIM.kind,
  });
  await published(trx, companyId);
}

/**
 * In the editing transaction (the entry needs approving again): an open offer is withdrawn and
 * its to-do ends; an approved entry's weeks (before and after the edit) go to holiday accrual again.
 */
export async function afterEntryReopened(
  trx: Trx,
  caller: ApprovingCaller,
  companyId: string,
  entry: ApprovedEntry & { approval: string },
  clockIn: Date,
): Promise<void> {
  const offer = await findOffer(trx, { companyId, entryId: entry.id, lock: true });
  if (offer?.status === 'open') {
    await updateOffer(trx, { companyId, id: offer.id, status: 'withdrawn' });
    await resolveTodos(trx, { companyId, kind: OVERTIME_OFFER_CLAIM.kind, subject: subjectOf(offer.id) });
    await published(trx, companyId);
  }
  if (entry.approval !== 'approved') return;
  await feedWeeksOf(trx, caller.modules ?? [], {
    companyId,
    actorId: caller.session.userId,
    entries: [entry, { user_id: entry.user_id, clock_in_at: clockIn }],
  });
}

/** In the approving transaction, once its entries are approved: each may be offered, and their weeks' hours go to holiday accrual. */
export async function afterEntriesApproved(
  trx: Trx,
  caller: ApprovingCaller,
  companyId: string,
  entries: readonly ApprovedEntry[],
): Promise<void> {
  for (const entry of entries) await offerBeyondShift(trx, caller.modules ?? [], companyId, entry);
  await feedWeeksOf(trx, caller.modules ?? [], { companyId, actorId: caller.session.userId, entries });
}

async function viewOf(trx: Trx, caller: OfferCaller, companyId: string, row: OfferRow): Promise<OvertimeOffer> {
  const claims = overtimeClaimsOf(caller.modules);
  const options = claims
    ? await claims.options(trx, { companyId, userId: row.user_id })
    : { enabled: false, paid: false, toil: false, rates: [] };
  return {
    ...row,
    hours: offeredHours(row.extra_minutes),
    max_hours: mostClaimable(row.extra_minutes),
    options,
  };
}

/** The caller's own offer; anyone else's (or another company's) is not found. */
async function ownOffer(trx: Trx, caller: OfferCaller, companyId: string, id: string, lock = false): Promise<OfferRow> {
  const row = await findOffer(trx, { companyId, id, lock });
  if (!row || row.user_id !== caller.session.userId) throw AppError.notFound();
  return row;
}

function mustBeOpen(row: OfferRow): void {
  if (row.status === 'withdrawn') throw new AppError('conflict', { message: overtimeOfferMessages.withdrawn });
  if (row.status !== 'open') throw new AppError('conflict', { message: overtimeOfferMessages.notOpen });
}

export async function getOffer(caller: OfferCaller, id: string): Promise<OvertimeOffer> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => viewOf(trx, caller, companyId, await ownOffer(trx, caller, companyId, id)));
}

export async function claimOffer(caller: OfferCaller, id: string, body: ClaimOfferInput): Promise<OvertimeOffer> {
  const companyId = requireCompany(caller.session, 'not_found');
  let mailed = 0;
  const result = await withTenant(caller.db, companyId, async (trx) => {
    const row = await ownOffer(trx, caller, companyId, id, true);
    mustBeOpen(row);
    const hours = body.hours ?? offeredHours(row.extra_minutes);
    if (hours > mostClaimable(row.extra_minutes)) throw AppError.validation({ hours: [overtimeOfferMessages.hours] });
    const claims = overtimeClaimsOf(caller.modules);
    if (!claims) throw new AppError('conflict', { message: overtimeOfferMessages.notOpen });
    const filed = await claims.claim(trx, caller, {
      companyId,
      userId: row.user_id,
      date: row.date,
      hours,
      reason: body.reason ?? DEFAULT_OFFER_REASON,
      compensation: body.compensation,
      rateId: body.overtime_rate_id,
    });
    mailed = filed.mailed;
    await updateOffer(trx, { companyId, id: row.id, status: 'claimed', overtimeId: filed.id });
    await resolveTodos(trx, { companyId, kind: OVERTIME_OFFER_CLAIM.kind, subject: subjectOf(row.id) });
    await auditCaller(trx, caller, {
      companyId,
      action: 'time-clock.overtime-claimed',
      targetType: 'time_clock_overtime_offer',
      targetId: row.id,
      details: { entry_id: row.entry_id, overtime_id: filed.id, hours, compensation: body.compensation },
    });
    await published(trx, companyId);
    return viewOf(trx, caller, companyId, { ...row, status: 'claimed', overtime_id: filed.id });
  });
  if (mailed > 0) caller.mail.wake();
  return result;
}

export async function dismissOffer(caller: OfferCaller, id: string): Promise<OvertimeOffer> {
  const companyId = requireCompany(caller.session, 'not_found');
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await ownOffer(trx, caller, companyId, id, true);
    mustBeOpen(row);
    await updateOffer(trx, { companyId, id: row.id, status: 'dismissed' });
    await resolveTodos(trx, { companyId, kind: OVERTIME_OFFER_CLAIM.kind, subject: subjectOf(row.id) });
    await auditCaller(trx, caller, {
      companyId,
      action: 'time-clock.overtime-dismissed',
      targetType: 'time_clock_overtime_offer',
      targetId: row.id,
      details: { entry_id: row.entry_id },
    });
    await published(trx, companyId);
    return viewOf(trx, caller, companyId, { ...row, status: 'dismissed' });
  });
}

export async function getOfferSettings(caller: OfferCaller): Promise<OfferSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => ({ overtime_offer_minutes: await findOfferThreshold(trx, companyId) }));
}

export async function saveOfferSettings(caller: OfferCaller, body: OfferSettings): Promise<OfferSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await saveOfferThreshold(trx, { companyId, minutes: body.overtime_offer_minutes });
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'time-clock.overtime-offer-settings',
      targetType: 'company',
      targetId: companyId,
      invalidates: [OVERTIME_OFFER_RESOURCES.settings],
      details: body,
    });
    return { overtime_offer_minutes: await findOfferThreshold(trx, companyId) };
  });
}
