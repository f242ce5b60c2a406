// Access requests, their one-time sign-in tokens and the sessions they open (migration 0009).
// Administrators act across companies in the system scope, so every query here that can be
// reached from there filters by company or by administrator itself.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';
import type { AccessRequest, AccessRequestStatus, AccessRequestUser } from '../access-requests.contract';
import { ACCESS_REQUESTS_ENDPOINT } from '../access-requests.contract';

export interface AccessRequestsTable {
  id: Generated<string>;
  company_id: string;
  administrator_id: string;
  reason: string;
  duration_hours: number;
  status: Generated<AccessRequestStatus>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  ends_at: Timestamp | null;
  ended_by: string | null;
  created_at: Generated<Date>;
}
export interface ImpersonationTokensTable {
  token_hash: string;
  access_request_id: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    access_requests: AccessRequestsTable;
    impersonation_tokens: ImpersonationTokensTable;
  }
}

type Filter = { companyId?: string; administratorId?: string; id?: string; statuses?: AccessRequestStatus[] };

function selectRequests(db: DbOrTrx, filter: Filter) {
  let query = db
    .selectFrom('access_requests as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .innerJoin('users as a', 'a.id', 'r.administrator_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by');
  if (filter.companyId) query = query.where('r.company_id', '=', filter.companyId);
  if (filter.administratorId) query = query.where('r.administrator_id', '=', filter.administratorId);
  if (filter.id) query = query.where('r.id', '=', filter.id);
  if (filter.statuses?.length) query = query.where('r.status', 'in', filter.statuses);
  return query;
}

const requestColumns = [
  'r.id',
  'r.company_id',
  'c.name as company_name',
  'r.administrator_id',
  sql<string>`a.first_name || ' ' || a.surname`.as('administrator_name'),
  'r.reason',
  'r.duration_hours',
  'r.status',
  sql<boolean>`r.status = 'approved' and r.ends_at > now()`.as('open'),
  sql<string | null>`d.first_name || ' ' || d.surname`.as('decided_by_name'),
  'r.decided_at',
  'r.ends_at',
  'r.created_at',
] as const;

type RequestRow = Omit<AccessRequest, 'decided_at' | 'ends_at' | 'created_at'> & {
  decided_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
};

function toAccessRequest(row: RequestRow): AccessRequest {
  return {
    ...row,
    decided_at: row.decided_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** One page, newest first, with the total in the same round trip. */
export async function findAccessRequests(
  db: DbOrTrx,
  options: Filter & { limit: number; offset: number },
): Promise<{ results: AccessRequest[]; count: number }> {
  const rows = await selectRequests(db, options)
    .select([...requestColumns, sql<number>`(count(*) over ())::int`.as('total')])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const count = rows[0]?.total ?? (options.offset > 0 ? await countAccessRequests(db, options) : 0);
  return { results: rows.map(({ total: _total, ...row }) => toAccessRequest(row)), count };
}

async function countAccessRequests(db: DbOrTrx, filter: Filter): Promise<number> {
  const row = await selectRequests(db, filter)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function getAccessRequest(db: DbOrTrx, filter: Filter & { id: string }): Promise<AccessRequest | undefined> {
  const row = await selectRequests(db, filter).select(requestColumns).executeTakeFirst();
  return row && toAccessRequest(row);
}

export async function createAccessRequest(
  trx: Trx,
  input: { companyId: string; administratorId: string; reason: string; durationHours: number },
): Promise<string> {
  const row = await trx
    .insertInto('access_requests')
    .values({
      company_id: input.companyId,
      administrator_id: input.administratorId,
      reason: input.reason,
      duration_hours: input.durationHours,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Approves or declines a pending request; false when it was not pending (decided meanwhile). */
export async function decideAccessRequest(
  trx: Trx,
  input: { id: string; companyId: string; decidedBy: string; approve: boolean },
): Promise<boolean> {
  const result = await trx
    .updateTable('access_requests')
    .set({
      status: input.approve ? 'approved' : 'declined',
      decided_by: input.decidedBy,
      decided_at: sql<Date>`now()`,
      ends_at: input.approve ? sql<Date>`now() + make_interval(hours => duration_hours)` : null,
    })
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an open grant now and revokes every session it opened; false when it was not open. */
export async function endAccessRequest(trx: Trx, input: { id: string; endedBy: string }): Promise<boolean> {
  const result = await trx
    .updateTable('access_requests')
    .set({ status: 'ended', ends_at: sql<Date>`least(ends_at, now())`, ended_by: input.endedBy })
    .where('id', '=', input.id)
    .where('status', '=', 'approved')
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('access_request_id', '=', input.id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** The company's people who decide access requests: their role may PUT them company-wide. */
export async function findAccessDeciders(trx: Trx, companyId: string): Promise<{ id: string; email: string }[]> {
  return trx
    .selectFrom('users as u')
    .innerJoin('role_permissions as p', 'p.role_id', 'u.role_id')
    .select(['u.id', 'u.email'])
    .where('u.company_id', '=', companyId)
    .where('u.status', '=', 'active')
    .where('p.endpoint', '=', ACCESS_REQUESTS_ENDPOINT)
    .where('p.method', '=', 'PUT')
    .where('p.type', 'in', ['company', 'global'])
    .execute();
}

export async function findCompanyName(trx: Trx, companyId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name;
}

/** The active users of a company an administrator may sign in as. */
export async function findImpersonableUsers(trx: Trx, companyId: string, userId?: string): Promise<AccessRequestUser[]> {
  let query = trx
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.first_name', 'u.surname', 'u.email', 'r.name as role_name'])
    .where('u.company_id', '=', companyId)
    .where('u.status', '=', 'active');
  if (userId) query = query.where('u.id', '=', userId);
  return query.orderBy('u.surname').orderBy('u.first_name').limit(500).execute();
}

export async function createImpersonationToken(
  trx: Trx,
  input: { tokenHash: string; accessRequestId: string; userId: string; seconds: number },
): Promise<void> {
  await trx
    .insertInto('impersonation_tokens')
    .values({
      token_hash: input.tokenHash,
      access_request_id: input.accessRequestId,
      user_id: input.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.seconds})`,
    })
    .execute();
}

export type ConsumedToken = { user_id: string; access_request_id: string; administrator_id: string; company_id: string };

/** Uses a live token once, only while its grant is open; undefined otherwise. */
export async function consumeImpersonationToken(trx: Trx, tokenHash: string): Promise<ConsumedToken | undefined> {
  const row = await trx
    .updateTable('impersonation_tokens as t')
    .from('access_requests as r')
    .set({ used_at: sql<Date>`now()` })
    .whereRef('r.id', '=', 't.access_request_id')
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('r.status', '=', 'approved')
    .where('r.ends_at', '>', sql<Date>`now()`)
    .returning(['t.user_id', 't.access_request_id', 'r.administrator_id', 'r.company_id'])
    .executeTakeFirst();
  return row;
}

/** A session for the administrator as `userId` that cannot outlive the grant. */
export async function createImpersonationSession(
  trx: Trx,
  input: { userId: string; companyId: string; impersonatorId: string; accessRequestId: string; maxSeconds: number },
): Promise<string> {
  const row = await trx
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      company_id: input.companyId,
      impersonator_id: input.impersonatorId,
      access_request_id: input.accessRequestId,
      expires_at: sql<Date>`least(now() + make_interval(secs => ${input.maxSeconds}),
                                  (select ends_at from access_requests where id = ${input.accessRequestId}))`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUserEmail(trx: Trx, userId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** The names an impersonated session's banner shows, and when the session ends (with its grant at the latest). */
export async function findImpersonation(trx: Trx, input: { sessionId: string }) {
  const { rows } = await sql<{ user_name: string; administrator_name: string; ends_at: Date }>`
    select trim(u.first_name || ' ' || u.surname) as user_name, trim(a.first_name || ' ' || a.surname) as administrator_name,
           s.expires_at as ends_at
    from sessions s join users u on u.id = s.user_id join users a on a.id = s.impersonator_id
    where s.id = ${input.sessionId}`.execute(trx);
  return rows[0];
}
