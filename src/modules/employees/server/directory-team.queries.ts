// The SQL of what the directory shows around people: "Meet the team" cards, the onboarding
// checklist, a person's audit history and the company's roles.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { AuditLogEntry, ProfileImageRef, RoleOption, TeamMember } from '../directory.contract';
import { containsPattern } from './directory.queries';
import './people-tables';

const TEAM_STATUSES = ['active', 'invited', 'pending'] as const;

/** One page of the company's colleagues (never terminated or locked ones), by name. */
export async function findTeamMembers(
  db: DbOrTrx,
  input: { companyId: string; search?: string | undefined; departmentIds?: readonly string[] | undefined; paging: Paging },
): Promise<{ rows: TeamMember[]; count: number }> {
  const search = input.search ? containsPattern(input.search) : undefined;
  const departments = input.departmentIds?.length ? [...input.departmentIds] : undefined;
  const base = db
    .selectFrom('users as u')
    .where('u.company_id', '=', input.companyId)
    .where('u.status', 'in', TEAM_STATUSES)
    .$if(departments !== undefined, (q) => q.where('u.department_id', 'in', departments ?? []))
    .$if(search !== undefined, (q) =>
      q.where(
        sql<boolean>`(u.first_name ilike ${search} or u.surname ilike ${search} or (u.first_name || ' ' || u.surname) ilike ${search})`,
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .leftJoin('company_locations as l', 'l.id', 'u.location_id')
      .leftJoin('files as f', 'f.id', 'u.profile_image_file_id')
      .leftJoin('user_about_me as a', 'a.user_id', 'u.id')
      .select([
        'u.id',
        'u.first_name',
        'u.surname',
        'u.job_title',
        sql<TeamMember['department']>`case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end`.as(
          'department',
        ),
        sql<TeamMember['location']>`case when l.id is null then null else json_build_object('id', l.id, 'name', l.name) end`.as('location'),
        sql<string | null>`nullif(left(a.about, 200), '')`.as('about'),
        sql<ProfileImageRef>`case when f.id is null then null else json_build_object('id', f.id, 'name', f.original_name,
          'original_name', f.original_name, 'created_at', to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'is_public', f.is_public) end`.as('profile_image'),
      ])
      .orderBy(sql`lower(u.surname), lower(u.first_name), u.id`)
      .limit(input.paging.limit)
      .offset(input.paging.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirst(),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export type SetupFacts = {
  date_of_birth: boolean;
  address: boolean;
  next_of_kin: boolean;
  start_date: boolean;
  job_title: boolean;
  working_pattern: boolean;
  setup_completed_at: Date | null;
};

/** What the onboarding checklist looks at, for one person. */
export async function getSetupFacts(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<SetupFacts | undefined> {
  return db
    .selectFrom('users as u')
    .select([
      sql<boolean>`exists(select 1 from user_personal_details p where p.user_id = u.id and p.date_of_birth is not null)`.as(
        'date_of_birth',
      ),
      sql<boolean>`exists(select 1 from user_contact_details c where c.user_id = u.id
        and coalesce(btrim(c.address_line1), '') <> '' and coalesce(btrim(c.postcode), '') <> '')`.as('address'),
      sql<boolean>`exists(select 1 from user_next_of_kin k where k.user_id = u.id)`.as('next_of_kin'),
      sql<boolean>`exists(select 1 from user_employment_details e where e.user_id = u.id and e.start_date is not null)`.as('start_date'),
      sql<boolean>`exists(select 1 from user_job_titles j where j.user_id = u.id)`.as('job_title'),
      sql<boolean>`exists(select 1 from user_working_patterns w where w.user_id = u.id)`.as('working_pattern'),
      'u.setup_completed_at',
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
}

/** Marks the checklist complete (the first time only); answers when it was. */
export async function markSetupComplete(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<Date> {
  const row = await db
    .updateTable('users')
    .set({ setup_completed_at: sql<Date>`coalesce(setup_completed_at, now())` })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .returning('setup_completed_at')
    .executeTakeFirstOrThrow();
  return row.setup_completed_at ?? new Date();
}

/** One page of the audit entries about a person, newest first, with who did each. */
export async function findPersonAuditLog(
  db: DbOrTrx,
  input: { companyId: string; userId: string; paging: Paging },
): Promise<{ rows: AuditLogEntry[]; count: number }> {
  const base = db
    .selectFrom('audit_log as a')
    .where('a.company_id', '=', input.companyId)
    .where('a.target_type', '=', 'user')
    .where('a.target_id', '=', input.userId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as m', 'm.id', 'a.actor_id')
      .select([
        sql<string>`a.id::text`.as('id'),
        'a.action',
        sql<AuditLogEntry['actor']>`case when m.id is null then null else json_build_object('id', m.id, 'first_name', m.first_name,
          'surname', m.surname) end`.as('actor'),
        sql<boolean>`a.impersonator_id is not null`.as('impersonated'),
        'a.details',
        sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
      ])
      .orderBy('a.id', 'desc')
      .limit(input.paging.limit)
      .offset(input.paging.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirst(),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function findRoles(db: DbOrTrx, companyId: string): Promise<RoleOption[]> {
  return db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
