// The SQL of the clock-location demo: the demo location by name, whether it already has a
// site, and the clock events (sent from a phone) of the demo people there.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export async function findDemoLocation(trx: Trx, input: { companyId: string; name: string }): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM company_locations WHERE company_id = ${input.companyId} AND name = ${input.name}`.execute(trx);
  return rows[0]?.id;
}

export async function siteExists(trx: Trx, input: { companyId: string; locationId: string }): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM time_clock_sites WHERE company_id = ${input.companyId} AND location_id = ${input.locationId}`.execute(
    trx,
  );
  return (rows[0]?.n ?? 0) > 0;
}

export type DemoClockEvent = { id: string; entry_id: string; user_id: string; email: string; kind: string; at: Date };

export async function findDemoPhoneEvents(trx: Trx, input: { companyId: string; emails: readonly string[] }): Promise<DemoClockEvent[]> {
  const { rows } = await sql<DemoClockEvent>`
    SELECT e.id, e.entry_id, e.user_id, u.email, e.kind, e.at
    FROM time_clock_events e JOIN users u ON u.id = e.user_id AND u.company_id = e.company_id
    WHERE e.company_id = ${input.companyId} AND e.source = 'device' AND u.email IN (${sql.join(input.emails)})
    ORDER BY e.at`.execute(trx);
  return rows;
}
