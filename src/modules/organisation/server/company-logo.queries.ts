// The only SQL of the company logo: which stored file (platform uploads) is the company's.
import type { DbOrTrx } from '../../../server/db/database';
import type { FileRecord } from '../../../server/files/files.queries';

export async function getCompanyLogoFile(db: DbOrTrx, companyId: string): Promise<FileRecord | undefined> {
  return db
    .selectFrom('companies')
    .innerJoin('files', 'files.id', 'companies.logo_file_id')
    .selectAll('files')
    .where('companies.id', '=', companyId)
    .where('files.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Points the company at a new logo (or none); removes and answers the file it replaced. */
export async function setCompanyLogoFile(
  db: DbOrTrx,
  input: { companyId: string; fileId: string | null },
): Promise<FileRecord | undefined> {
  const previous = await getCompanyLogoFile(db, input.companyId);
  await db.updateTable('companies').set({ logo_file_id: input.fileId }).where('id', '=', input.companyId).execute();
  if (previous) await db.deleteFrom('files').where('id', '=', previous.id).where('company_id', '=', input.companyId).execute();
  return previous;
}
