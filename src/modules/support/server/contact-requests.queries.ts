// The only SQL of contact requests: written in the sender's tenant scope, listed for
// administrators in the system scope with the sender and company.
import { sql, type Generated, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ContactSender } from '../../../server/module-hooks';
import type { Paging } from '../../../shared/list';
import type {
  ContactInboxQuery,
  ContactRequest,
  ContactRequestEntry,
  ContactRequestListItem,
  ContactRequestStatus,
  ContactType,
} from '../support.contract';

export interface ContactRequestTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  contact_type: ContactType;
  message: string;
  created_at: Generated<Date>;
  handled_at: Date | null;
  status: Generated<ContactRequestStatus>;
  assigned_to: Generated<string | null>;
  /** 'chat': a chat message written outside support hours. */
  source: Generated<'form' | 'chat'>;
  updated_at: Generated<Date>;
}

export interface ContactRequestEntryTable {
  id: Generated<string>;
  contact_request_id: string;
  company_id: string;
  author_id: string | null;
  kind: 'note' | 'reply';
  body: string;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    contact_requests: ContactRequestTable;
    contact_request_entries: ContactRequestEntryTable;
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
export async function getSender(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<ContactSender | undefined> {
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
  input: { companyId: string; userId: string; contactType: ContactType; message: string; source: 'form' | 'chat' },
): Promise<ContactRequest> {
  const row = await db
    .insertInto('contact_requests')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      contact_type: input.contactType,
      message: input.message,
      source: input.source,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactRequest(row);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every company's requests, newest first, filtered (system scope). */
export async function findContactRequests(
  db: DbOrTrx,
  input: { paging: Paging; filters?: ContactInboxQuery; viewerId?: string; id?: string },
): Promise<{ results: ContactRequestListItem[]; count: number }> {
  const filters = input.filters ?? {};
  let base = db
    .selectFrom('contact_requests as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as a', 'a.id', 'r.assigned_to');
  if (input.id) base = base.where('r.id', '=', input.id);
  if (filters.status?.length) base = base.where('r.status', 'in', filters.status);
  if (filters.contact_type) base = base.where('r.contact_type', '=', filters.contact_type);
  if (filters.assigned_to === 'none') base = base.where('r.assigned_to', 'is', null);
  else if (filters.assigned_to === 'me') base = base.where('r.assigned_to', '=', input.viewerId ?? '00000000-0000-0000-0000-000000000000');
  else if (filters.assigned_to) base = base.where('r.assigned_to', '=', filters.assigned_to);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    base = base.where(
      sql<boolean>`(r.message ilike ${pattern} or c.name ilike ${pattern} or u.email ilike ${pattern}
        or (u.first_name || ' ' || u.surname) ilike ${pattern})`,
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('r')
      .select([
        sql<string>`coalesce(u.first_name || ' ' || u.surname, '')`.as('sender_name'),
        sql<string>`coalesce(u.email, '')`.as('sender_email'),
        'c.name as company_name',
        sql<string | null>`a.first_name || ' ' || a.surname`.as('assigned_name'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(input.paging.limit)
      .offset(input.paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    results: rows.map((row) => ({
      ...toContactRequest(row),
      user_id: row.user_id,
      sender_name: row.sender_name,
      sender_email: row.sender_email,
      company_name: row.company_name,
      handled_at: row.handled_at?.toISOString() ?? null,
      status: row.status,
      assigned_to: row.assigned_to,
      assigned_name: row.assigned_name,
      source: row.source,
    })),
    count: Number(total.n),
  };
}

/** One request, locked for the change that follows (system scope). */
export async function lockContactRequest(db: DbOrTrx, id: string) {
  return db.selectFrom('contact_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateContactRequest(
  db: DbOrTrx,
  id: string,
  changes: { status?: ContactRequestStatus; assignedTo?: string | null },
): Promise<void> {
  await db
    .updateTable('contact_requests')
    .set({
      ...(changes.status ? { status: changes.status, handled_at: changes.status === 'handled' ? sql<Date>`now()` : null } : {}),
      ...(changes.assignedTo !== undefined ? { assigned_to: changes.assignedTo } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertContactEntry(
  db: DbOrTrx,
  input: { contactRequestId: string; companyId: string; authorId: string; kind: 'note' | 'reply'; body: string },
): Promise<string> {
  const row = await db
    .insertInto('contact_request_entries')
    .values({
      contact_request_id: input.contactRequestId,
      company_id: input.companyId,
      author_id: input.authorId,
      kind: input.kind,
      body: input.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findContactEntries(db: DbOrTrx, contactRequestId: string): Promise<ContactRequestEntry[]> {
  const rows = await db
    .selectFrom('contact_request_entries as e')
    .leftJoin('users as u', 'u.id', 'e.author_id')
    .select([
      'e.id',
      'e.kind',
      'e.body',
      'e.created_at',
      sql<string>`coalesce(u.first_name || ' ' || u.surname, 'Former administrator')`.as('author_name'),
    ])
    .where('e.contact_request_id', '=', contactRequestId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    body: row.body,
    author_name: row.author_name,
    created_at: row.created_at.toISOString(),
  }));
}

/** Administrators (users of no company holding the administrators' role), for assignment. */
export async function findAdministrators(db: DbOrTrx): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.first_name', 'u.surname'])
    .where('u.company_id', 'is', null)
    .where('r.company_id', 'is', null)
    .where('u.status', '=', 'active')
    .orderBy('u.first_name')
    .orderBy('u.surname')
    .execute();
  return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.surname}` }));
}

/** The sender a reply is e-mailed to: still a user of the request's company, or undefined. */
export async function findContactSender(
  db: DbOrTrx,
  input: { userId: string; companyId: string },
): Promise<{ email: string; first_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
}

export async function isAdministrator(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await findAdministrators(db)).some((admin) => admin.id === userId);
}
