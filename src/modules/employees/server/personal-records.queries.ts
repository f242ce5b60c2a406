// The SQL of employee records part A: the per-person rows (personal details, contact details,
// about me) written as upserts of the fields given, next of kin, notes and custom-field values.
// Every query keeps to `companyId` besides the row-level security of the transaction.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { Scope, ScopeActor } from '../../../shared/scopes';
import type {
  AboutMeChange,
  ContactDetailsChange,
  NextOfKin,
  PersonalDetailsChange,
  UserCustomField,
  UserNote,
  UserNoteType,
} from '../personal-records.contract';
import './people-tables';
import { peopleInScope } from './people-scope.queries';

type Person = { companyId: string; userId: string };

/** The change without the keys it does not set (undefined), so an upsert touches only those. */
function given<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function getPersonalDetailsRow(db: DbOrTrx, person: Person) {
  return db
    .selectFrom('user_personal_details')
    .selectAll()
    .where('company_id', '=', person.companyId)
    .where('user_id', '=', person.userId)
    .executeTakeFirst();
}

export async function upsertPersonalDetails(db: DbOrTrx, input: Person & { change: PersonalDetailsChange }): Promise<void> {
  const change = given(input.change);
  await db
    .insertInto('user_personal_details')
    .values({ user_id: input.userId, company_id: input.companyId, ...change })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: sql`now()` }))
    .execute();
}

export function getContactDetailsRow(db: DbOrTrx, person: Person) {
  return db
    .selectFrom('user_contact_details')
    .selectAll()
    .where('company_id', '=', person.companyId)
    .where('user_id', '=', person.userId)
    .executeTakeFirst();
}

export async function upsertContactDetails(db: DbOrTrx, input: Person & { change: ContactDetailsChange }): Promise<void> {
  const change = given(input.change);
  await db
    .insertInto('user_contact_details')
    .values({ user_id: input.userId, company_id: input.companyId, ...change })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: sql`now()` }))
    .execute();
}

export function getAboutMeRow(db: DbOrTrx, person: Person) {
  return db
    .selectFrom('user_about_me')
    .select(['about', 'interests'])
    .where('company_id', '=', person.companyId)
    .where('user_id', '=', person.userId)
    .executeTakeFirst();
}

export async function upsertAboutMe(db: DbOrTrx, input: Person & { change: AboutMeChange }): Promise<void> {
  const change = Object.fromEntries(Object.entries(given(input.change)).map(([key, value]) => [key, value ?? ''])) as {
    about?: string;
    interests?: string;
  };
  await db
    .insertInto('user_about_me')
    .values({ user_id: input.userId, company_id: input.companyId, ...change })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: sql`now()` }))
    .execute();
}

// ---- Records with their own ids --------------------------------------------------------------

/** Whose record `id` of `table` is, in the transaction's company (or any, in the system scope). */
export function findRecordOwner(db: DbOrTrx, input: { table: 'user_next_of_kin' | 'user_notes'; id: string; companyId: string | null }) {
  return db
    .selectFrom(input.table)
    .select(['user_id', 'company_id'])
    .where('id', '=', input.id)
    .$if(input.companyId !== null, (q) => q.where('company_id', '=', input.companyId))
    .executeTakeFirst();
}

const nextOfKinColumns = ['id', 'user_id', 'name', 'relationship', 'phone', 'email', 'address', 'created_at'] as const;
type NextOfKinValues = Omit<NextOfKin, 'id' | 'user_id' | 'created_at'>;

const nextOfKinOf = (row: Omit<NextOfKin, 'created_at'> & { created_at: Date }): NextOfKin => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export async function findNextOfKin(db: DbOrTrx, input: Person & { paging: Paging }): Promise<{ results: NextOfKin[]; count: number }> {
  const base = db.selectFrom('user_next_of_kin').where('company_id', '=', input.companyId).where('user_id', '=', input.userId);
  const [rows, total] = await Promise.all([
    base.select(nextOfKinColumns).orderBy('created_at').orderBy('id').offset(input.paging.offset).limit(input.paging.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(nextOfKinOf), count: Number(total.count) };
}

export async function createNextOfKin(db: DbOrTrx, input: Person & { values: NextOfKinValues }): Promise<NextOfKin> {
  const row = await db
    .insertInto('user_next_of_kin')
    .values({ company_id: input.companyId, user_id: input.userId, ...input.values })
    .returning(nextOfKinColumns)
    .executeTakeFirstOrThrow();
  return nextOfKinOf(row);
}

export async function updateNextOfKin(
  db: DbOrTrx,
  input: Person & { id: string; values: NextOfKinValues },
): Promise<NextOfKin | undefined> {
  const row = await db
    .updateTable('user_next_of_kin')
    .set(input.values)
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .returning(nextOfKinColumns)
    .executeTakeFirst();
  return row ? nextOfKinOf(row) : undefined;
}

export async function deleteUserRecord(
  db: DbOrTrx,
  input: Person & { table: 'user_next_of_kin' | 'user_notes'; id: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom(input.table)
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---- Notes -----------------------------------------------------------------------------------

function notesQuery(db: DbOrTrx, companyId: string) {
  return db
    .selectFrom('user_notes as n')
    .innerJoin('users as p', 'p.id', 'n.user_id')
    .leftJoin('users as a', 'a.id', 'n.author_id')
    .where('n.company_id', '=', companyId);
}

const noteColumns = [
  'n.id',
  'n.user_id',
  sql<string>`concat_ws(' ', p.first_name, p.surname)`.as('user_name'),
  'n.type',
  'n.body',
  'n.author_id',
  sql<string | null>`case when a.id is null then null else concat_ws(' ', a.first_name, a.surname) end`.as('author_name'),
  'n.created_at',
  'n.updated_at',
] as const;

const noteOf = (row: Omit<UserNote, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date }): UserNote => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export type UserNoteFilters = { userId?: string; departmentId?: string; type?: UserNoteType };

/** Notes about the people `scope` reaches for `actor`, newest first. */
export async function findUserNotes(
  db: DbOrTrx,
  input: { companyId: string; scope: Scope; actor: ScopeActor; filters: UserNoteFilters; paging: Paging },
): Promise<{ results: UserNote[]; count: number }> {
  const { companyId, filters } = input;
  const base = notesQuery(db, companyId)
    .where('n.user_id', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .select('u.id')
        .where(peopleInScope(input.scope, input.actor, companyId)),
    )
    .$if(filters.userId !== undefined, (q) => q.where('n.user_id', '=', filters.userId!))
    .$if(filters.type !== undefined, (q) => q.where('n.type', '=', filters.type!))
    .$if(filters.departmentId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.department_id', '=', filters.departmentId!),
          eb.exists(
            eb
              .selectFrom('user_departments as ud')
              .select('ud.user_id')
              .whereRef('ud.user_id', '=', 'p.id')
              .where('ud.department_id', '=', filters.departmentId!),
          ),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(noteColumns)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(input.paging.offset)
      .limit(input.paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { results: rows.map(noteOf), count: Number(total.count) };
}

export async function getUserNote(db: DbOrTrx, input: { companyId: string; id: string }): Promise<UserNote | undefined> {
  const row = await notesQuery(db, input.companyId).select(noteColumns).where('n.id', '=', input.id).executeTakeFirst();
  return row ? noteOf(row) : undefined;
}

export async function getNoteAuthor(db: DbOrTrx, input: { companyId: string; id: string }): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('user_notes')
    .select('author_id')
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return row?.author_id;
}

export async function createUserNote(db: DbOrTrx, input: Person & { type: UserNoteType; body: string; authorId: string }): Promise<string> {
  const row = await db
    .insertInto('user_notes')
    .values({ company_id: input.companyId, user_id: input.userId, type: input.type, body: input.body, author_id: input.authorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserNote(db: DbOrTrx, input: Person & { id: string; type: UserNoteType; body: string }): Promise<boolean> {
  const result = await db
    .updateTable('user_notes')
    .set({ type: input.type, body: input.body, updated_at: sql`now()` })
    .where('id', '=', input.id)
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ---- Custom form fields ----------------------------------------------------------------------

/** The company's custom fields in order, each with the person's value (null when not filled). */
export function findUserCustomFields(db: DbOrTrx, person: Person): Promise<UserCustomField[]> {
  return db
    .selectFrom('custom_form_fields as f')
    .leftJoin('user_custom_field_values as v', (join) =>
      join.onRef('v.field_id', '=', 'f.id').on('v.user_id', '=', person.userId).on('v.company_id', '=', person.companyId),
    )
    .select(['f.id', 'f.label', 'f.field_type', 'f.options', 'f.required', 'f.position', 'v.value'])
    .where('f.company_id', '=', person.companyId)
    .orderBy('f.position')
    .orderBy('f.label')
    .execute();
}

/** Writes the values given; '' removes a value. */
export async function setUserCustomFieldValues(db: DbOrTrx, input: Person & { values: Map<string, string> }): Promise<void> {
  for (const [fieldId, value] of input.values) {
    if (value === '') {
      await db
        .deleteFrom('user_custom_field_values')
        .where('company_id', '=', input.companyId)
        .where('user_id', '=', input.userId)
        .where('field_id', '=', fieldId)
        .execute();
      continue;
    }
    await db
      .insertInto('user_custom_field_values')
      .values({ company_id: input.companyId, user_id: input.userId, field_id: fieldId, value })
      .onConflict((oc) => oc.columns(['user_id', 'field_id']).doUpdateSet({ value }))
      .execute();
  }
}
