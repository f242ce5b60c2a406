// The only SQL of contact requests: written in the sender's tenant scope, listed for
// administrators in the system scope with the sender and company.
import { sql, type Generated, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { ContactRequest, ContactRequestListItem, ContactType } from '../support.contract';

export interface ContactRequestTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  contact_type: ContactType;
  message: string;
  created_at: Generated<Date>;
  handled_at: Date | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    contact_requests: ContactRequestTable;
  }
}

type Row = Selectable<ContactRequestTable>;

const toContactRequest = (row: Row): ContactRequest => ({
  id: row.id,
  contact_type: row.contact_type,
  message: row.message,
  company_id: row.company_id,
  created_at: row.created_at.toISOString(),
});

/** The sender as the team sees them: name, address, company and whether they are an authorised contact. */
export async function getSender(db: DbOrTrx, input: { companyId: string; userId: string }) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.first_name', 'users.surname', 'users.email', 'users.authorised_contact', 'companies.name as company_name'])
    .where('users.id', '=', input.userId)
    .where('users.company_id', '=', input.companyId)
    .executeTakeFirst();
}

export async function createContactRequest(
  db: DbOrTrx,
  input: { companyId: string; userId: string; contactType: ContactType; message: string },
): Promise<ContactRequest> {
  const row = await db
    .insertInto('contact_requests')
    .values({ company_id: input.companyId, user_id: input.userId, contact_type: input.contactType, message: input.message })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactRequest(row);
}

/** Every company's requests, newest first (system scope). */
export async function findContactRequests(
  db: DbOrTrx,
  input: { paging: Paging },
): Promise<{ results: ContactRequestListItem[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('contact_requests as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select([
        sql<string>`coalesce(u.first_name || ' ' || u.surname, '')`.as('sender_name'),
        sql<string>`coalesce(u.email, '')`.as('sender_email'),
        'c.name as company_name',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(input.paging.limit)
      .offset(input.paging.offset)
      .execute(),
    db
      .selectFrom('contact_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    results: rows.map((row) => ({
      ...toContactRequest(row),
      user_id: row.user_id,
      sender_name: row.sender_name,
      sender_email: row.sender_email,
      company_name: row.company_name,
      handled_at: row.handled_at?.toISOString() ?? null,
    })),
    count: Number(total.n),
  };
}
