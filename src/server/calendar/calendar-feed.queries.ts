// Whose calendar token it is: read in system scope, since the token is all the request carries.
import { sql } from 'kysely';
import type { Trx } from '../db/database';

export type CalendarHolder = { user_id: string; company_id: string };

/** The active company user holding `token`. */
export async function findCalendarHolder(trx: Trx, token: string): Promise<CalendarHolder | undefined> {
  const { rows } = await sql<CalendarHolder>`
    select u.id as user_id, u.company_id from users u
    where u.icalendar_token = ${token} and u.company_id is not null and u.status = 'active'`.execute(trx);
  return rows[0];
}
