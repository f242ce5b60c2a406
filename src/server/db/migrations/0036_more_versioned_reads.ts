import type { Kysely } from 'kysely';
import { addReadVersionTriggers } from './0030_read_versions';

// The pending counts and leave balances become versioned reads (src/server/http/versioned-read.ts):
// the tables their counts and balances are made of bump the company's read version on every
// write too, so a write that announces nothing (a job, SQL by hand) still changes the answer.
// (users, line managers, absences, policies and working patterns bump it since 0030.)
const TABLES = [
  // The company's switches (return-to-work forms, overtime, rotas…) change what is counted.
  'company_settings',
  'company_overtime_settings',
  'expense_settings',
  'user_absence_periods',
  'user_absence_period_values',
  'user_absence_period_value_logs',
  'absence_policy_templates',
  'expense_claims',
  'user_overtime',
  'tasks',
  'documents',
  'document_versions',
  'document_reads',
  'document_sign_requests',
  'document_signers',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await addReadVersionTriggers(db, TABLES);
}
