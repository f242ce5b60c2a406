import type { Kysely } from 'kysely';
import { addReadVersionTriggers } from './0030_read_versions';

// The directory, the rota week, documents and the expense claims lists become versioned reads
// (src/server/http/versioned-read.ts): the tables they are made of bump the company's read
// version on every write too, so a write that announces nothing (a job, SQL by hand) still
// changes the next answer. (users, departments, locations, documents and their versions,
// reads and signers, and expense claims bump it since 0030 and 0036.)
const TABLES = [
  'user_employment_details',
  'user_pay_rates',
  'user_tags',
  'user_user_tags',
  'roles',
  'role_permissions',
  'document_folders',
  'document_tags',
  'document_tag_links',
  'files',
  'expense_items',
  'expense_receipts',
  'expense_types',
  'rota_shifts',
  'rota_swaps',
  'rota_settings',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await addReadVersionTriggers(db, TABLES);
}
