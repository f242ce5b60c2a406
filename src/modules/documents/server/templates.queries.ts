// The SQL of document templates, and the facts their merge fields are filled from: the
// person's record (name, job title, department, start date, current pay, working pattern,
// line manager) and the company (name, address of its first location).
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/pg-errors';
import { AppError } from '../../../shared/app-error';
import type { TemplateInput } from '../documents.contract';
import type { SigningParty } from '../documents.policy';
import type { StarterTemplate } from './starter-templates';
import './documents-tables';

const columns = ['id', 'area', 'name', 'body', 'free_fields', 'starter_key', 'updated_at'] as const;

/** Adds the starter templates a company does not have yet (by key); a company may rename or change its copies. */
export async function ensureStarterTemplates(trx: Trx, input: { companyId: string; starters: readonly StarterTemplate[] }): Promise<void> {
  const { rows } = await sql<{ starter_key: string }>`select starter_key from document_templates
    where company_id = ${input.companyId} and starter_key is not null`.execute(trx);
  const have = new Set(rows.map((row) => row.starter_key));
  for (const starter of input.starters.filter((s) => !have.has(s.key))) {
    await sql`insert into document_templates (company_id, area, starter_key, name, body, free_fields)
              values (${input.companyId}, ${starter.area}, ${starter.key}, ${starter.name}, ${starter.body}, ${JSON.stringify(starter.free_fields)}::jsonb)
              on conflict (company_id, name) do nothing`.execute(trx);
  }
}

export async function listTemplates(trx: Trx, input: { companyId: string; area?: 'hr' | 'hs' }) {
  let query = trx.selectFrom('document_templates').select(columns).where('company_id', '=', input.companyId);
  if (input.area) query = query.where('area', '=', input.area);
  return query.orderBy('name').execute();
}

export async function findTemplate(trx: Trx, input: { companyId: string; id: string }) {
  return trx
    .selectFrom('document_templates')
    .select(columns)
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .executeTakeFirst();
}

const nameTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['A template of this name exists already.'] });
  throw error;
};

export async function insertTemplate(trx: Trx, input: TemplateInput & { companyId: string; createdBy: string }) {
  return trx
    .insertInto('document_templates')
    .values({
      company_id: input.companyId,
      area: input.area,
      name: input.name,
      body: input.body,
      free_fields: JSON.stringify(input.free_fields),
      created_by: input.createdBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
}

export async function updateTemplate(trx: Trx, input: TemplateInput & { companyId: string; id: string }) {
  return trx
    .updateTable('document_templates')
    .set({ area: input.area, name: input.name, body: input.body, free_fields: JSON.stringify(input.free_fields), updated_at: new Date() })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .returning(columns)
    .executeTakeFirst()
    .catch(nameTaken);
}

export type MergeFacts = {
  first_name: string;
  full_name: string;
  job_title: string | null;
  department: string | null;
  start_date: string | null;
  pay_amount: number | null;
  pay_unit: string | null;
  hours: { mon: number; tue: number; wed: number; thu: number; fri: number; sat: number; sun: number } | null;
  manager_name: string | null;
};

export async function findPersonFacts(trx: Trx, input: { companyId: string; userId: string }): Promise<MergeFacts | undefined> {
  const { rows } = await sql<MergeFacts>`
    select u.first_name, trim(u.first_name || ' ' || u.surname) as full_name, u.job_title, dep.name as department,
           ed.start_date,
           pr.amount as pay_amount, pr.unit as pay_unit,
           (select json_build_object('mon', wp.mon_hours, 'tue', wp.tue_hours, 'wed', wp.wed_hours, 'thu', wp.thu_hours,
                                     'fri', wp.fri_hours, 'sat', wp.sat_hours, 'sun', wp.sun_hours)
            from user_working_patterns wp where wp.user_id = u.id and wp.start_date <= current_date
            order by wp.start_date desc limit 1) as hours,
           (select string_agg(trim(m.first_name || ' ' || m.surname), ', ' order by m.surname)
            from user_line_managers lm join users m on m.id = lm.manager_id where lm.user_id = u.id) as manager_name
    from users u
    left join departments dep on dep.id = u.department_id
    left join user_employment_details ed on ed.user_id = u.id
    left join lateral (select amount, unit from user_pay_rates p where p.user_id = u.id and p.start_date <= current_date
                       and (p.end_date is null or p.end_date >= current_date) order by p.start_date desc limit 1) pr on true
    where u.company_id = ${input.companyId} and u.id = ${input.userId}`.execute(trx);
  return rows[0];
}

export async function findCompanyFacts(trx: Trx, companyId: string): Promise<{ name: string; address: string }> {
  const { rows } = await sql<{ name: string; address: string | null }>`
    select c.name,
           (select concat_ws(', ', nullif(l.address_line1, ''), nullif(l.address_line2, ''), nullif(l.town, ''), nullif(l.postcode, ''))
            from company_locations l where l.company_id = c.id order by l.created_at limit 1) as address
    from companies c where c.id = ${companyId}`.execute(trx);
  return { name: rows[0]?.name ?? '', address: rows[0]?.address ?? '' };
}

/** Records who the wording of the template a document was made from says signs it. */
export async function setSigningParties(trx: Trx, input: { companyId: string; documentId: string; parties: SigningParty[] }) {
  await trx
    .updateTable('documents')
    .set({ signing_parties: sql<SigningParty[]>`${sql.val(input.parties)}::text[]` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.documentId)
    .execute();
}

/** A document's signing parties with who each is by default: its maker for the company (while active), its subject. */
export async function findSigningOrder(
  trx: Trx,
  input: { companyId: string; documentId: string },
): Promise<{ party: SigningParty; user_id: string | null }[]> {
  const { rows } = await sql<{ parties: SigningParty[]; maker: string | null; subject: string | null }>`
    select d.signing_parties as parties, maker.id as maker, subject.id as subject
    from documents d
    left join users maker on maker.id = d.created_by and maker.status = 'active'
    left join users subject on subject.id = d.subject_user_id and subject.status = 'active'
    where d.company_id = ${input.companyId} and d.id = ${input.documentId}`.execute(trx);
  const row = rows[0];
  if (!row) return [];
  return row.parties.map((party) => ({ party, user_id: party === 'company' ? row.maker : row.subject }));
}
