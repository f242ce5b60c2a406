// The kiosk's SQL: the company's kiosks (found by the hash of their device token), the people of
// a kiosk's location with whether they are clocked in, each person's PIN hash, and the PIN
// attempts that pause a person or a tablet after too many wrong ones.
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';

export type KioskRow = {
  id: string;
  company_id: string;
  location_id: string;
  location_name: string;
  name: string;
  created_at: Date;
  created_by_name: string | null;
  last_seen_at: Date | null;
  revoked_at: Date | null;
};

const KIOSK_SELECT = sql`
  SELECT k.id, k.company_id, k.location_id, l.name AS location_name, k.name, k.created_at,
         cb.first_name || ' ' || cb.surname AS created_by_name, k.last_seen_at, k.revoked_at
  FROM time_clock_kiosks k
  JOIN company_locations l ON l.id = k.location_id
  LEFT JOIN users cb ON cb.id = k.created_by`;

export async function insertKiosk(
  trx: DbOrTrx,
  input: { companyId: string; locationId: string; name: string; tokenHash: string; createdBy: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO time_clock_kiosks (company_id, location_id, name, token_hash, created_by)
    VALUES (${input.companyId}, ${input.locationId}, ${input.name}, ${input.tokenHash}, ${input.createdBy})
    RETURNING id`.execute(trx);
  return (rows[0] as { id: string }).id;
}

/** The company's kiosks still in use, newest first. */
export async function findKiosks(trx: DbOrTrx, input: { companyId: string; id?: string }): Promise<KioskRow[]> {
  const { rows } = await sql<KioskRow>`${KIOSK_SELECT}
    WHERE k.company_id = ${input.companyId} AND k.revoked_at IS NULL
      ${input.id ? sql`AND k.id = ${input.id}` : sql``}
    ORDER BY k.created_at DESC, k.id
    LIMIT 200`.execute(trx);
  return rows;
}

/** A kiosk by its token's hash, in any company (the caller is a tablet, not a person): the system scope reads it. */
export async function findKioskByTokenHash(trx: DbOrTrx, tokenHash: string): Promise<KioskRow | undefined> {
  const { rows } = await sql<KioskRow>`${KIOSK_SELECT}
    JOIN companies c ON c.id = k.company_id
    WHERE k.token_hash = ${tokenHash} AND k.revoked_at IS NULL AND c.status = 'active'`.execute(trx);
  return rows[0];
}

export async function touchKiosk(trx: DbOrTrx, input: { companyId: string; id: string; at: Date }): Promise<void> {
  await sql`UPDATE time_clock_kiosks SET last_seen_at = ${input.at}
    WHERE company_id = ${input.companyId} AND id = ${input.id}
      AND (last_seen_at IS NULL OR last_seen_at < ${input.at}::timestamptz - interval '1 minute')`.execute(trx);
}

export async function revokeKiosk(trx: DbOrTrx, input: { companyId: string; id: string; revokedBy: string }): Promise<boolean> {
  const result = await sql`UPDATE time_clock_kiosks SET revoked_at = now(), revoked_by = ${input.revokedBy}
    WHERE company_id = ${input.companyId} AND id = ${input.id} AND revoked_at IS NULL`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function locationExists(trx: DbOrTrx, input: { companyId: string; locationId: string }): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM company_locations WHERE company_id = ${input.companyId} AND id = ${input.locationId}`.execute(
    trx,
  );
  return rows.length > 0;
}

export type KioskPersonRow = { user_id: string; name: string; in: boolean; break_open: boolean; since: Date | null };

/** The active people of a location (or one of them), with whether their clock is open and since when. */
export async function findLocationPeople(
  trx: DbOrTrx,
  input: { companyId: string; locationId: string; userId?: string },
): Promise<KioskPersonRow[]> {
  const { rows } = await sql<KioskPersonRow>`
    SELECT u.id AS user_id, u.first_name || ' ' || u.surname AS name, e.id IS NOT NULL AS in,
           coalesce(last.kind = 'break_start', false) AS break_open,
           CASE WHEN last.kind = 'break_start' THEN last.at ELSE e.clock_in_at END AS since
    FROM users u
    LEFT JOIN time_clock_entries e ON e.company_id = u.company_id AND e.user_id = u.id AND e.clock_out_at IS NULL
    LEFT JOIN LATERAL (
      SELECT ev.kind, ev.at FROM time_clock_events ev WHERE ev.entry_id = e.id ORDER BY ev.at DESC, ev.created_at DESC LIMIT 1
    ) last ON true
    WHERE u.company_id = ${input.companyId} AND u.location_id = ${input.locationId} AND u.status = 'active'
      ${input.userId ? sql`AND u.id = ${input.userId}` : sql``}
    ORDER BY u.first_name, u.surname, u.id
    LIMIT 500`.execute(trx);
  return rows;
}

export async function findPinHash(
  trx: DbOrTrx,
  input: { companyId: string; userId: string },
): Promise<{ pin_hash: string; updated_at: Date } | undefined> {
  const { rows } = await sql<{ pin_hash: string; updated_at: Date }>`
    SELECT pin_hash, updated_at FROM time_clock_pins WHERE company_id = ${input.companyId} AND user_id = ${input.userId}`.execute(trx);
  return rows[0];
}

export async function savePin(trx: DbOrTrx, input: { companyId: string; userId: string; pinHash: string; setBy: string }): Promise<void> {
  await sql`
    INSERT INTO time_clock_pins (company_id, user_id, pin_hash, set_by) VALUES (${input.companyId}, ${input.userId}, ${input.pinHash}, ${input.setBy})
    ON CONFLICT (company_id, user_id) DO UPDATE SET pin_hash = excluded.pin_hash, set_by = excluded.set_by, updated_at = now()`.execute(
    trx,
  );
}

export async function deletePin(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<boolean> {
  const result = await sql`DELETE FROM time_clock_pins WHERE company_id = ${input.companyId} AND user_id = ${input.userId}`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Wrong PINs within the window: on the tablet as a whole, and for the person since their last right one. */
export async function countWrongAttempts(
  trx: DbOrTrx,
  input: { companyId: string; kioskId: string; userId: string; since: Date },
): Promise<{ device: number; person: number }> {
  const { rows } = await sql<{ device: number; person: number }>`
    SELECT count(*) FILTER (WHERE NOT a.succeeded)::int AS device,
           count(*) FILTER (WHERE NOT a.succeeded AND a.user_id = ${input.userId} AND a.at > coalesce((
             SELECT max(s.at) FROM time_clock_kiosk_attempts s
             WHERE s.kiosk_id = ${input.kioskId} AND s.user_id = ${input.userId} AND s.succeeded), '-infinity'))::int AS person
    FROM time_clock_kiosk_attempts a
    WHERE a.company_id = ${input.companyId} AND a.kiosk_id = ${input.kioskId} AND a.at > ${input.since}`.execute(trx);
  return rows[0] ?? { device: 0, person: 0 };
}

export async function insertAttempt(
  trx: DbOrTrx,
  input: { companyId: string; kioskId: string; userId: string; succeeded: boolean },
): Promise<void> {
  await sql`INSERT INTO time_clock_kiosk_attempts (company_id, kiosk_id, user_id, succeeded)
    VALUES (${input.companyId}, ${input.kioskId}, ${input.userId}, ${input.succeeded})`.execute(trx);
}

/** The demo: a location by its name, and whether the company has a kiosk already. */
export async function findLocationIdByName(trx: DbOrTrx, input: { companyId: string; name: string }): Promise<string | undefined> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM company_locations WHERE company_id = ${input.companyId} AND name = ${input.name}`.execute(trx);
  return rows[0]?.id;
}

export async function companyHasKiosk(trx: DbOrTrx, companyId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM time_clock_kiosks WHERE company_id = ${companyId} LIMIT 1`.execute(trx);
  return rows.length > 0;
}

/** Holds the tablet's PIN checks to one at a time until the transaction ends. */
export async function lockKioskChecks(trx: Trx, kioskId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`kiosk:${kioskId}`}))`.execute(trx);
}
