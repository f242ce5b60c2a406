// The SQL of the time clock's overtime offers (migration 0057), the company's threshold for
// them, and a week's approved clocked minutes (what feeds the hours-worked accrual).
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { DEFAULT_OFFER_THRESHOLD_MINUTES, type OvertimeOfferStatus } from '../overtime-offers.contract';

export type OfferRow = {
  id: string;
  user_id: string;
  entry_id: string;
  date: string;
  extra_minutes: number;
  status: OvertimeOfferStatus;
  overtime_id: string | null;
};

const offerColumns = sql`id, user_id, entry_id, to_char(date, 'YYYY-MM-DD') AS date, extra_minutes, status, overtime_id`;

export async function findOffer(
  trx: DbOrTrx,
  input: { companyId: string; id?: string; entryId?: string; lock?: boolean },
): Promise<OfferRow | undefined> {
  const { rows } = await sql<OfferRow>`
    SELECT ${offerColumns} FROM time_clock_overtime_offers
    WHERE company_id = ${input.companyId}
      AND ${input.id ? sql`id = ${input.id}` : sql`entry_id = ${input.entryId ?? null}`}
    ${input.lock ? sql`FOR UPDATE` : sql``}`.execute(trx);
  return rows[0];
}

export async function insertOffer(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; entryId: string; date: string; extraMinutes: number },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO time_clock_overtime_offers (company_id, user_id, entry_id, date, extra_minutes)
    VALUES (${input.companyId}, ${input.userId}, ${input.entryId}, ${input.date}, ${input.extraMinutes})
    RETURNING id`.execute(trx);
  return rows[0]!.id;
}

export async function updateOffer(
  trx: DbOrTrx,
  input: {
    companyId: string;
    id: string;
    status: OvertimeOfferStatus;
    overtimeId?: string | null;
    date?: string;
    extraMinutes?: number;
  },
): Promise<void> {
  await sql`
    UPDATE time_clock_overtime_offers SET
      status = ${input.status},
      overtime_id = ${input.overtimeId === undefined ? sql`overtime_id` : input.overtimeId},
      date = ${input.date === undefined ? sql`date` : sql`${input.date}::date`},
      extra_minutes = ${input.extraMinutes === undefined ? sql`extra_minutes` : input.extraMinutes},
      decided_at = ${input.status === 'claimed' || input.status === 'dismissed' ? sql`now()` : sql`NULL`},
      updated_at = now()
    WHERE company_id = ${input.companyId} AND id = ${input.id}`.execute(trx);
}

export async function findOfferThreshold(trx: DbOrTrx, companyId: string): Promise<number> {
  const { rows } = await sql<{ minutes: number }>`
    SELECT overtime_offer_minutes AS minutes FROM time_clock_settings WHERE company_id = ${companyId}`.execute(trx);
  return rows[0]?.minutes ?? DEFAULT_OFFER_THRESHOLD_MINUTES;
}

export async function saveOfferThreshold(trx: DbOrTrx, input: { companyId: string; minutes: number }): Promise<void> {
  await sql`
    INSERT INTO time_clock_settings (company_id, overtime_offer_minutes) VALUES (${input.companyId}, ${input.minutes})
    ON CONFLICT (company_id) DO UPDATE SET overtime_offer_minutes = excluded.overtime_offer_minutes, updated_at = now()`.execute(trx);
}

/** The person's approved worked minutes of entries clocked in within [from, to). */
export async function sumApprovedMinutes(
  trx: DbOrTrx,
  input: { companyId: string; userId: string; from: Date; to: Date },
): Promise<number> {
  const { rows } = await sql<{ minutes: number }>`
    SELECT coalesce(sum(worked_minutes), 0)::int AS minutes FROM time_clock_entries
    WHERE company_id = ${input.companyId} AND user_id = ${input.userId} AND approval = 'approved'
      AND clock_in_at >= ${input.from} AND clock_in_at < ${input.to}`.execute(trx);
  return Number(rows[0]?.minutes ?? 0);
}
