// The SQL of report e-mail subscriptions: list, add, remove, the recipients' addresses, and
// the monthly sweep's claim of what is due (each subscription once per month).
import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { REPORTS_ENDPOINT } from '../../../shared/reports.contract';

export type SubscriptionRow = {
  id: string;
  company_id: string;
  report_key: string;
  group_by: string | null;
  department_ids: string[];
  recipient_ids: string[];
  created_by: string | null;
  last_sent_month: string | null;
  created_at: Date;
};

export async function findSubscriptions(
  trx: DbOrTrx,
  companyId: string,
): Promise<(SubscriptionRow & { recipients: { id: string; name: string }[] })[]> {
  const { rows } = await sql<SubscriptionRow & { recipients: { id: string; name: string }[] }>`
    select s.*, coalesce((select json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.surname) order by u.first_name)
      from users u where u.id = any(s.recipient_ids) and u.company_id = s.company_id), '[]') as recipients
    from report_subscriptions s where s.company_id = ${companyId} order by s.created_at desc limit 200`.execute(trx);
  return rows;
}

/** The recipients who may receive reports: company users holding the reports permission. */
export async function findEligibleRecipients(trx: DbOrTrx, input: { companyId: string; userIds: string[] }): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select u.id from users u where u.company_id = ${input.companyId} and u.id = any(${input.userIds}::uuid[]) and u.status = 'active'
      and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.endpoint = ${REPORTS_ENDPOINT} and p.method = 'GET')`.execute(
    trx,
  );
  return rows.map((row) => row.id);
}

export async function insertSubscription(
  trx: Trx,
  input: {
    companyId: string;
    reportKey: string;
    groupBy: string | null;
    departmentIds: string[];
    recipientIds: string[];
    createdBy: string;
    month: string;
  },
): Promise<string> {
  // Counted as sent for this month: the first e-mail goes on the 1st of the next.
  const { rows } = await sql<{ id: string }>`
    insert into report_subscriptions (company_id, report_key, group_by, department_ids, recipient_ids, created_by, last_sent_month)
    values (${input.companyId}, ${input.reportKey}, ${input.groupBy}, ${input.departmentIds}::uuid[], ${input.recipientIds}::uuid[], ${input.createdBy}, ${input.month})
    returning id`.execute(trx);
  return rows[0]!.id;
}

export async function deleteSubscription(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  const result = await sql`delete from report_subscriptions where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Marks every subscription not yet sent for `month` as sent, returning them: the sweep sends what it claimed. */
export async function claimDueSubscriptions(trx: Trx, month: string): Promise<SubscriptionRow[]> {
  const { rows } = await sql<SubscriptionRow>`
    update report_subscriptions set last_sent_month = ${month}
    where last_sent_month is distinct from ${month}
    returning *`.execute(trx);
  return rows;
}

export type Sender = {
  permissions: { endpoint: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; type: 'own' | 'department' | 'company' | 'global' }[];
  department_ids: string[];
};

/** What the subscription's maker may see now (their role's entries and departments). */
export async function findSender(trx: DbOrTrx, input: { companyId: string; userId: string }): Promise<Sender | undefined> {
  const { rows } = await sql<Sender>`
    select coalesce((select json_agg(json_build_object('endpoint', p.endpoint, 'method', p.method, 'type', p.type)) from role_permissions p where p.role_id = u.role_id), '[]') as permissions,
      array(select u.department_id where u.department_id is not null union select ud.department_id from user_departments ud where ud.user_id = u.id)::text[] as department_ids
    from users u where u.id = ${input.userId} and u.company_id = ${input.companyId} and u.status = 'active'`.execute(trx);
  return rows[0];
}

export async function findRecipientAddresses(trx: DbOrTrx, input: { companyId: string; userIds: string[] }): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`
    select u.email from users u where u.company_id = ${input.companyId} and u.id = any(${input.userIds}::uuid[]) and u.status = 'active'
      and exists (select 1 from role_permissions p where p.role_id = u.role_id and p.endpoint = ${REPORTS_ENDPOINT} and p.method = 'GET')`.execute(
    trx,
  );
  return rows.map((row) => row.email);
}
