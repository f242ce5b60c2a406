// The only SQL of profile images: which file is a user's picture, its visibility, and the
// public files anyone may fetch. The bytes and the files rows belong to the files platform.
import type { Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { FileRecord } from '../../../server/files/files.queries';
import type { ProfileImage } from '../../../shared/settings.contract';
import { isUuid } from '../../../shared/ids';

// Migration 0007 gives users their picture; the users table is the identity module's.
declare module '../../auth/server/auth.queries' {
  interface UsersTable {
    profile_image_file_id: Generated<string | null>;
  }
}

export function toProfileImage(file: Pick<FileRecord, 'id' | 'original_name' | 'created_at' | 'is_public'>): ProfileImage {
  return {
    id: file.id,
    name: file.original_name,
    original_name: file.original_name,
    created_at: file.created_at.toISOString(),
    is_public: file.is_public,
  };
}

/** The user's picture's file, or undefined when they have none. */
export async function getProfileImageFile(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<FileRecord | undefined> {
  if (!isUuid(input.userId)) return undefined;
  return db
    .selectFrom('users')
    .innerJoin('files', 'files.id', 'users.profile_image_file_id')
    .selectAll('files')
    .where('users.id', '=', input.userId)
    .where('users.company_id', '=', input.companyId)
    .where('files.company_id', '=', input.companyId)
    .executeTakeFirst();
}

/** Points the user at a new picture (or none); answers the file it replaced, if any. */
export async function setProfileImageFile(
  db: DbOrTrx,
  input: { companyId: string; userId: string; fileId: string | null },
): Promise<FileRecord | undefined> {
  const previous = await getProfileImageFile(db, input);
  await db
    .updateTable('users')
    .set({ profile_image_file_id: input.fileId })
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .execute();
  if (previous) await db.deleteFrom('files').where('id', '=', previous.id).where('company_id', '=', input.companyId).execute();
  return previous;
}

export async function setFileVisibility(db: DbOrTrx, input: { companyId: string; fileId: string; isPublic: boolean }): Promise<FileRecord> {
  return db
    .updateTable('files')
    .set({ is_public: input.isPublic })
    .where('id', '=', input.fileId)
    .where('company_id', '=', input.companyId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A file marked public, of any company (system scope): the public file route's only way in. */
export async function getPublicFile(db: DbOrTrx, input: { id: string }): Promise<FileRecord | undefined> {
  if (!isUuid(input.id)) return undefined;
  return db.selectFrom('files').selectAll().where('id', '=', input.id).where('is_public', '=', true).executeTakeFirst();
}
