// The SQL of the employee directory: one page of people (rows and their count in one round
// trip), the same rows unpaged for exports, and one person's basic record. Lists keep to the
// caller's scope through peopleInScope; everything runs in the company's tenant transaction.
import { sql, type Generated, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { Scope, ScopeActor } from '../../../shared/scopes';
import {
  DEFAULT_DIRECTORY_STATUSES,
  type DirectoryEntry,
  type DirectoryQuery,
  type DirectorySort,
  type EmployeeStatus,
  type ProfileImageRef,
  type UserBasic,
} from '../directory.contract';
import { peopleInScope } from './people-scope.queries';
import './people-tables';

// Migration 0007 gives users their picture (declared by the settings module, whose server we do not import).
declare module '../../auth/server/auth.queries' {
  interface UsersTable {
    profile_image_file_id: Generated<string | null>;
  }
}

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * First, middle and last names, "first surname" and the e-mail, joined by a separator no one
 * types: lower() once and LIKE once per row is several times cheaper than ILIKE on each.
 */
export function searchMatches(pattern: string) {
  return sql<boolean>`lower(concat_ws(e'\\x1f', u.first_name, u.middle_names, u.surname, u.first_name || ' ' || u.surname, u.email))
    like lower(${pattern})`;
}

const NAME_ORDER = sql`lower(u.surname), lower(u.first_name), u.id`;
const ORDERS: Record<DirectorySort, RawBuilder<unknown>> = {
  name: NAME_ORDER,
  '-name': sql`lower(u.surname) desc, lower(u.first_name) desc, u.id desc`,
  start_date: sql`ed.start_date asc nulls last, ${NAME_ORDER}`,
  '-start_date': sql`ed.start_date desc nulls last, ${NAME_ORDER}`,
  department: sql`lower(d.name) asc nulls last, ${NAME_ORDER}`,
  job_title: sql`lower(u.job_title) asc nulls last, ${NAME_ORDER}`,
  status: sql`u.status, ${NAME_ORDER}`,
};

export type DirectoryFilter = { companyId: string; scope: Scope; actor: ScopeActor; query: DirectoryQuery };

/** The statuses a query lists: those asked for; with a search and none asked, all (terminated people are found); else the default. */
export function statusesOf(query: DirectoryQuery): readonly EmployeeStatus[] | undefined {
  if (query.status?.length) return query.status;
  return query.search ? undefined : DEFAULT_DIRECTORY_STATUSES;
}

function filtered(db: DbOrTrx, filter: DirectoryFilter) {
  const { query } = filter;
  const statuses = statusesOf(query);
  const search = query.search ? containsPattern(query.search) : undefined;
  return db
    .selectFrom('users as u')
    .where(peopleInScope(filter.scope, filter.actor, filter.companyId))
    .$if(statuses !== undefined, (q) => q.where('u.status', 'in', statuses ?? []))
    .$if(!!query.department_id?.length, (q) =>
      q.where((eb) =>
        eb.or([
          eb('u.department_id', 'in', query.department_id ?? []),
          eb.exists(
            eb
              .selectFrom('user_departments as ud')
              .select('ud.user_id')
              .whereRef('ud.user_id', '=', 'u.id')
              .where('ud.department_id', 'in', query.department_id ?? []),
          ),
        ]),
      ),
    )
    .$if(!!query.location_id?.length, (q) => q.where('u.location_id', 'in', query.location_id ?? []))
    .$if(!!query.tag_ids?.length, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_user_tags as ut')
            .select('ut.user_id')
            .whereRef('ut.user_id', '=', 'u.id')
            .where('ut.tag_id', 'in', query.tag_ids ?? []),
        ),
      ),
    )
    .$if(search !== undefined, (q) => q.where(searchMatches(search ?? '')))
    .leftJoin('user_employment_details as ed', 'ed.user_id', 'u.id')
    .leftJoin('departments as d', 'd.id', 'u.department_id');
}

type Row = Omit<DirectoryEntry, 'profile_image'> & { profile_image: ProfileImageRef; total: number };

const named = (id: RawBuilder<unknown>, name: RawBuilder<unknown>) =>
  sql<{ id: string; name: string } | null>`case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;

/**
 * The people the filter reaches, in the query's order: one page with `paging` (each row
 * carrying the count of all), or every row. The page is cut first; tags, location and
 * picture are looked up for its rows only.
 */
export async function findDirectoryRows(
  db: DbOrTrx,
  filter: DirectoryFilter & { paging?: Paging },
): Promise<{ rows: DirectoryEntry[]; count: number }> {
  const order = ORDERS[filter.query.sort ?? 'name'];
  const inner = filtered(db, filter)
    .select([
      'u.id',
      'u.first_name',
      'u.middle_names',
      'u.surname',
      'u.email',
      'u.status',
      'u.job_title',
      'u.department_id',
      'd.name as department_name',
      'u.location_id',
      'u.profile_image_file_id',
      'ed.start_date',
      'u.termination_date',
      sql<number>`count(*) over ()`.as('total'),
      sql<number>`row_number() over (order by ${order})`.as('pos'),
    ])
    .orderBy(order)
    .$if(filter.paging !== undefined, (q) => q.limit(filter.paging?.limit ?? 0).offset(filter.paging?.offset ?? 0));
  const rows = (await db
    .selectFrom(inner.as('p'))
    .leftJoin('company_locations as l', 'l.id', 'p.location_id')
    .leftJoin('files as f', 'f.id', 'p.profile_image_file_id')
    .select([
      'p.id',
      'p.first_name',
      'p.middle_names',
      'p.surname',
      'p.email',
      'p.status',
      'p.job_title',
      named(sql.ref('p.department_id'), sql.ref('p.department_name')).as('department'),
      named(sql.ref('l.id'), sql.ref('l.name')).as('location'),
      tagsOf(sql.ref('p.id')).as('tags'),
      'p.start_date',
      'p.termination_date',
      profileImage.as('profile_image'),
      'p.total',
    ])
    .orderBy('p.pos')
    .execute()) as Row[];
  const count = rows[0]?.total ?? (filter.paging && filter.paging.offset > 0 ? await countDirectory(db, filter) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row as DirectoryEntry), count };
}

async function countDirectory(db: DbOrTrx, filter: DirectoryFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** A person's tags, by name, as a JSON list. */
const tagsOf = (userId: ReturnType<typeof sql.ref>) =>
  sql<
    DirectoryEntry['tags']
  >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour) order by lower(t.name))
    from user_user_tags ut join user_tags t on t.id = ut.tag_id where ut.user_id = ${userId}), '[]'::json)`;

/** The picture's reference as shapes it (the name shown is the uploaded one). */
const profileImage = sql<ProfileImageRef>`case when f.id is null then null else json_build_object('id', f.id, 'name', f.original_name,
  'original_name', f.original_name, 'created_at', to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'is_public', f.is_public) end`;

/** One person's basic record (User) in `companyId`. */
export async function getUserBasic(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<UserBasic | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('company_locations as l', 'l.id', 'u.location_id')
    .leftJoin('files as f', 'f.id', 'u.profile_image_file_id')
    .leftJoin('user_employment_details as ed', 'ed.user_id', 'u.id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('termination_reasons as tr', 'tr.id', 'u.termination_reason_id')
    .select([
      'u.id',
      'u.first_name',
      'u.middle_names',
      'u.surname',
      'u.email',
      'u.status',
      'u.job_title',
      named(sql.ref('d.id'), sql.ref('d.name')).as('department'),
      named(sql.ref('l.id'), sql.ref('l.name')).as('location'),
      tagsOf(sql.ref('u.id')).as('tags'),
      'ed.start_date',
      'u.termination_date',
      profileImage.as('profile_image'),
      'u.company_id',
      'u.department_id',
      sql<string[]>`array(select u.department_id::text where u.department_id is not null
        union select ud.department_id::text from user_departments ud where ud.user_id = u.id order by 1)`.as('departments'),
      'u.mobile',
      'u.authorised_contact',
      named(sql.ref('r.id'), sql.ref('r.name')).as('role'),
      sql<UserBasic['company']>`json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'sector_name', c.sector_name)`.as(
        'company',
      ),
      sql<
        UserBasic['line_managers']
      >`coalesce((select json_agg(json_build_object('id', m.id, 'first_name', m.first_name, 'surname', m.surname)
        order by lower(m.surname), lower(m.first_name)) from user_line_managers lm join users m on m.id = lm.manager_id
        where lm.user_id = u.id), '[]'::json)`.as('line_managers'),
      named(sql.ref('tr.id'), sql.ref('tr.name')).as('termination_reason'),
      'u.termination_notes',
      sql<string | null>`to_char(u.setup_completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('setup_completed_at'),
      sql<string | null>`(select e.new_email from email_change_tokens e
        where e.user_id = u.id and e.company_id = u.company_id and e.used_at is null and e.expires_at > now()
        order by e.created_at desc limit 1)`.as('pending_email'),
      'u.access',
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
  return row as UserBasic | undefined;
}
