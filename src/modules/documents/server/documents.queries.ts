// The SQL of documents: the areas' lists (with the audience rule of documents.policy.ts
// written as SQL), one document with its versions, writes, folders and tags.
import { sql, type RawBuilder } from 'kysely';
import { archiveCompanyRow } from '../../../server/db/company-rows.queries';
import type { Trx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import type { DocumentListQuery, DocumentUpdateInput } from '../documents.contract';
import type { DocumentReader } from '../documents.policy';
import './documents-tables';

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/** The SQL twin of maySeeDocument over `documents d`. */
export function visibleTo(reader: DocumentReader): RawBuilder<boolean> {
  if (reader.companyWide) return sql<boolean>`true`;
  // The documents the reader is asked to sign: one hashed set per statement, not a lookup per row.
  return sql<boolean>`(d.subject_user_id = ${reader.userId}
    or d.id in (select r.document_id from document_signers s join document_sign_requests r on r.id = s.request_id
                where s.user_id = ${reader.userId})
    or (d.subject_user_id is null and (
         d.audience = 'everyone'
      or (d.audience = 'departments' and d.audience_ids && ${uuidArray(reader.departmentIds)})
      or (d.audience = 'locations' and ${reader.locationId}::uuid = any(d.audience_ids))
      or (d.audience = 'people' and ${reader.userId}::uuid = any(d.audience_ids)))))`;
}

export type DocumentRow = {
  id: string;
  area: 'hr' | 'hs';
  title: string;
  description: string;
  action: 'read' | 'acknowledge' | 'sign';
  audience: 'everyone' | 'departments' | 'locations' | 'people' | 'hr_private';
  audience_ids: string[];
  folder_id: string | null;
  folder_name: string | null;
  subject_user_id: string | null;
  subject_name: string | null;
  special_category: boolean;
  updated_at: Date;
  version_id: string;
  version_number: number;
  version_sha256: string;
  version_created_at: Date;
  version_created_by_name: string | null;
  file_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  tags: { id: string; name: string }[];
  sign_request_id: string | null;
  sign_status: 'pending' | 'completed' | 'declined' | 'voided' | null;
  my_signer_status: 'waiting' | 'pending' | 'signed' | 'declined' | 'voided' | null;
  my_read_at: Date | null;
  my_acknowledged_at: Date | null;
};

/**
 * The documents of `inner` (a select of documents rows, already filtered, ordered and cut to a
 * page) with their version, file, folder, tags, latest signing request and what the reader did.
 */
function selectDocuments(reader: DocumentReader, inner: RawBuilder<unknown>) {
  return sql<DocumentRow>`
    select d.id, d.area, d.title, d.description, d.action, d.audience, d.audience_ids, d.folder_id, fo.name as folder_name,
           d.subject_user_id, nullif(trim(su.first_name || ' ' || su.surname), '') as subject_name, d.special_category, d.updated_at,
           v.id as version_id, v.number as version_number, v.sha256 as version_sha256, v.created_at as version_created_at,
           nullif(trim(vu.first_name || ' ' || vu.surname), '') as version_created_by_name,
           f.id as file_id, f.original_name as file_name, f.mime_type, f.size_bytes,
           coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
                     from document_tag_links l join document_tags t on t.id = l.tag_id where l.document_id = d.id), '[]') as tags,
           r.id as sign_request_id, r.status as sign_status,
           (select s.status from document_signers s where s.request_id = r.id and s.user_id = ${reader.userId}) as my_signer_status,
           rd.read_at as my_read_at, rd.acknowledged_at as my_acknowledged_at
    from (${inner}) d
    join document_versions v on v.id = d.current_version_id
    join files f on f.id = v.file_id
    left join document_folders fo on fo.id = d.folder_id
    left join users su on su.id = d.subject_user_id
    left join users vu on vu.id = v.created_by
    left join lateral (select r.id, r.status from document_sign_requests r where r.document_id = d.id
                       order by r.created_at desc limit 1) r on true
    left join document_reads rd on rd.version_id = v.id and rd.user_id = ${reader.userId}
    order by d.updated_at desc, d.id`;
}

export async function findDocumentPage(
  trx: Trx,
  input: { companyId: string; reader: DocumentReader; query: DocumentListQuery; paging: Paging },
): Promise<{ rows: DocumentRow[]; count: number }> {
  const { query, companyId } = input;
  const filters: RawBuilder<boolean>[] = [sql<boolean>`d.company_id = ${companyId}`];
  if (query.area) filters.push(sql<boolean>`d.area = ${query.area}`);
  if (query.folder_id) filters.push(sql<boolean>`d.folder_id = ${query.folder_id}`);
  if (query.subject_user_id) filters.push(sql<boolean>`d.subject_user_id = ${query.subject_user_id}`);
  for (const tagId of query.tag_ids ?? [])
    filters.push(sql<boolean>`exists (select 1 from document_tag_links l where l.document_id = d.id and l.tag_id = ${tagId})`);
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(sql<boolean>`(d.title ilike ${pattern} or d.search_text ilike ${pattern}
      or exists (select 1 from document_tag_links l join document_tags t on t.id = l.tag_id where l.document_id = d.id and t.name ilike ${pattern}))`);
  }
  if (query.status === 'to_do') {
    filters.push(sql<boolean>`((d.action = 'acknowledge' and d.current_version_id not in (select x.version_id from document_reads x where x.user_id = ${input.reader.userId} and x.acknowledged_at is not null))
      or d.id in (select r.document_id from document_signers s join document_sign_requests r on r.id = s.request_id
                  where r.status = 'pending' and s.status = 'pending' and s.user_id = ${input.reader.userId}))`);
  }
  const where = sql.join([sql<boolean>`d.archived_at is null`, visibleTo(input.reader), ...filters], sql` and `) as RawBuilder<boolean>;
  // The page first (on the index of company, area and date), then the page's details; the count on its own.
  const inner = sql`select d.* from documents d where ${where} order by d.updated_at desc, d.id limit ${input.paging.limit} offset ${input.paging.offset}`;
  const { rows } = await selectDocuments(input.reader, inner).execute(trx);
  const total = await sql<{ n: number }>`select count(*)::int as n from documents d where ${where}`.execute(trx);
  return { rows, count: total.rows[0]?.n ?? 0 };
}

/**
 * What waits for the reader, by area and kind, as each document's my_status says it
 * (documents-view.ts): their turn to sign, else an acknowledgement or a reading of the current
 * version not yet made. A document they have signed, or wait on others to sign, asks nothing.
 */
export async function countDocumentsToDoByKind(trx: Trx, input: { companyId: string; reader: DocumentReader }) {
  const { rows } = await sql<{ area: 'hr' | 'hs'; kind: 'to_sign' | 'to_acknowledge' | 'to_read'; n: number }>`
    select area, kind, count(*)::int as n from (
      select d.area,
             case when r.status = 'pending' and s.status = 'pending' then 'to_sign'
                  when r.status = 'pending' and s.status is not null then null
                  when s.status = 'signed' then null
                  when d.action = 'acknowledge' and rd.acknowledged_at is null then 'to_acknowledge'
                  when d.action = 'read' and rd.read_at is null then 'to_read' end as kind
      from documents d
      left join lateral (select r.id, r.status from document_sign_requests r where r.document_id = d.id
                         order by r.created_at desc limit 1) r on true
      left join document_signers s on s.request_id = r.id and s.user_id = ${input.reader.userId}
      left join document_reads rd on rd.version_id = d.current_version_id and rd.user_id = ${input.reader.userId}
      where d.company_id = ${input.companyId} and d.archived_at is null and ${visibleTo(input.reader)}
    ) k where kind is not null group by area, kind`.execute(trx);
  return rows;
}

/** One document the reader may see; 'hidden' when it exists but not for them. */
export async function findDocument(
  trx: Trx,
  input: { companyId: string; reader: DocumentReader; id: string },
): Promise<DocumentRow | 'hidden' | undefined> {
  const inner = sql`select d.* from documents d
    where d.company_id = ${input.companyId} and d.id = ${input.id} and d.archived_at is null and ${visibleTo(input.reader)}`;
  const { rows } = await selectDocuments(input.reader, inner).execute(trx);
  if (rows[0]) return rows[0];
  const exists = await trx
    .selectFrom('documents')
    .select('id')
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return exists ? 'hidden' : undefined;
}

export async function findVersions(trx: Trx, input: { companyId: string; documentId: string }) {
  const { rows } = await sql<{
    id: string;
    number: number;
    sha256: string;
    created_at: Date;
    created_by_name: string | null;
    file_id: string;
    file_name: string;
    mime_type: string;
    size_bytes: number;
  }>`select v.id, v.number, v.sha256, v.created_at, nullif(trim(u.first_name || ' ' || u.surname), '') as created_by_name,
            f.id as file_id, f.original_name as file_name, f.mime_type, f.size_bytes
     from document_versions v join files f on f.id = v.file_id left join users u on u.id = v.created_by
     where v.company_id = ${input.companyId} and v.document_id = ${input.documentId} order by v.number desc`.execute(trx);
  return rows;
}

/** A document's details as columns: whole-company audiences name no one. */
const detailsColumns = (input: DocumentUpdateInput) => ({
  title: input.title,
  description: input.description,
  action: input.action,
  audience: input.audience,
  audience_ids: input.audience === 'everyone' || input.audience === 'hr_private' ? [] : input.audience_ids,
  folder_id: input.folder_id ?? null,
  subject_user_id: input.subject_user_id ?? null,
  special_category: input.special_category,
});

export async function insertDocument(
  trx: Trx,
  input: DocumentUpdateInput & { companyId: string; area: 'hr' | 'hs'; createdBy: string | null; searchText: string },
): Promise<string> {
  const row = await trx
    .insertInto('documents')
    .values({
      company_id: input.companyId,
      area: input.area,
      ...detailsColumns(input),
      search_text: input.searchText,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTags(trx, { companyId: input.companyId, documentId: row.id, tagIds: input.tag_ids });
  return row.id;
}

export async function updateDocument(trx: Trx, input: DocumentUpdateInput & { companyId: string; id: string }): Promise<boolean> {
  const result = await trx
    .updateTable('documents')
    .set({
      ...detailsColumns(input),
      updated_at: new Date(),
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await setTags(trx, { companyId: input.companyId, documentId: input.id, tagIds: input.tag_ids });
  return true;
}

export async function archiveDocument(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  return archiveCompanyRow(trx, { table: 'documents', ...input });
}

async function setTags(trx: Trx, input: { companyId: string; documentId: string; tagIds: readonly string[] }): Promise<void> {
  await trx.deleteFrom('document_tag_links').where('document_id', '=', input.documentId).execute();
  if (input.tagIds.length === 0) return;
  await trx
    .insertInto('document_tag_links')
    .columns(['company_id', 'document_id', 'tag_id'])
    .expression((eb) =>
      eb
        .selectFrom('document_tags')
        .select([sql.lit(input.companyId).as('company_id'), sql.lit(input.documentId).as('document_id'), 'id'])
        .where('company_id', '=', input.companyId)
        .where('id', 'in', [...new Set(input.tagIds)]),
    )
    .execute();
}

/** Adds a version (the next number) and makes it current. */
export async function addVersion(
  trx: Trx,
  input: { companyId: string; documentId: string; fileId: string; sha256: string; createdBy: string | null; searchText?: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into document_versions (company_id, document_id, number, file_id, sha256, created_by)
    select ${input.companyId}, ${input.documentId}, coalesce(max(number), 0) + 1, ${input.fileId}, ${input.sha256}, ${input.createdBy}
    from document_versions where document_id = ${input.documentId}
    returning id`.execute(trx);
  const versionId = rows[0]!.id;
  await trx
    .updateTable('documents')
    .set({
      current_version_id: versionId,
      updated_at: new Date(),
      ...(input.searchText !== undefined ? { search_text: input.searchText } : {}),
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.documentId)
    .execute();
  return versionId;
}

/** The file of a version of a document (any version, for history and downloads). */
export async function findVersionFile(trx: Trx, input: { companyId: string; documentId: string; versionId: string }) {
  return trx
    .selectFrom('document_versions as v')
    .innerJoin('files as f', 'f.id', 'v.file_id')
    .select(['f.id', 'f.storage_key', 'f.original_name', 'f.mime_type', 'f.sha256', 'v.number'])
    .where('v.company_id', '=', input.companyId)
    .where('v.document_id', '=', input.documentId)
    .where('v.id', '=', input.versionId)
    .executeTakeFirst();
}

export async function recordRead(trx: Trx, input: { companyId: string; versionId: string; userId: string; acknowledge: boolean }) {
  await sql`insert into document_reads (company_id, version_id, user_id, acknowledged_at)
            values (${input.companyId}, ${input.versionId}, ${input.userId}, ${input.acknowledge ? sql`now()` : null})
            on conflict (version_id, user_id) do update
            set acknowledged_at = coalesce(document_reads.acknowledged_at, excluded.acknowledged_at)`.execute(trx);
}

/** The reader's location (the audience rule needs it). */
export async function findUserLocation(trx: Trx, userId: string): Promise<string | null> {
  const { rows } = await sql<{ location_id: string | null }>`select location_id from users where id = ${userId}`.execute(trx);
  return rows[0]?.location_id ?? null;
}

/** Documents waiting for the reader: to acknowledge, or to sign now. */
export async function countDocumentsToDo(trx: Trx, input: { companyId: string; reader: DocumentReader }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from documents d
    where d.company_id = ${input.companyId} and d.archived_at is null and ${visibleTo(input.reader)}
      and ((d.action = 'acknowledge' and d.current_version_id not in (select x.version_id from document_reads x where x.user_id = ${input.reader.userId} and x.acknowledged_at is not null))
        or d.id in (select r.document_id from document_signers s join document_sign_requests r on r.id = s.request_id
                    where r.status = 'pending' and s.status = 'pending' and s.user_id = ${input.reader.userId}))`.execute(trx);
  return rows[0]?.n ?? 0;
}

// ---- Folders and tags --------------------------------------------------------------------

export async function listFolders(trx: Trx, input: { companyId: string; area?: 'hr' | 'hs' }) {
  const { rows } = await sql<{ id: string; name: string; area: 'hr' | 'hs'; document_count: number }>`
    select fo.id, fo.name, fo.area, (select count(*)::int from documents d where d.folder_id = fo.id and d.archived_at is null) as document_count
    from document_folders fo where fo.company_id = ${input.companyId} ${input.area ? sql`and fo.area = ${input.area}` : sql``}
    order by fo.name`.execute(trx);
  return rows;
}

export async function listTags(trx: Trx, input: { companyId: string; search?: string }) {
  const { rows } = await sql<{ id: string; name: string; document_count: number }>`
    select t.id, t.name, (select count(*)::int from document_tag_links l join documents d on d.id = l.document_id
                          where l.tag_id = t.id and d.archived_at is null) as document_count
    from document_tags t where t.company_id = ${input.companyId}
    ${input.search ? sql`and t.name ilike ${likePattern(input.search)}` : sql``}
    order by t.name`.execute(trx);
  return rows;
}
