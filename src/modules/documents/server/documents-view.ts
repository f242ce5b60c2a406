// Who is reading (the audience rule's facts) and documents as the API returns them.
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { levelFor, scopeRank } from '../../../shared/scopes';
import { DOCUMENT_ENDPOINT, type DocumentSummary, type DocumentVersion, type MyDocumentStatus } from '../documents.contract';
import type { DocumentReader } from '../documents.policy';
import { findUserLocation, type DocumentRow } from './documents.queries';

/** Company scope on GET /api/document reads every document; writes need company scope on POST. */
export const readsCompanyWide = (session: Session) =>
  scopeRank(levelFor(session.permissions, DOCUMENT_ENDPOINT, 'GET') ?? 'own') >= scopeRank('company');
export const managesDocuments = (session: Session) =>
  scopeRank(levelFor(session.permissions, DOCUMENT_ENDPOINT, 'POST') ?? 'own') >= scopeRank('company') &&
  levelFor(session.permissions, DOCUMENT_ENDPOINT, 'POST') !== null;

export async function readerOf(trx: Trx, session: Session): Promise<DocumentReader> {
  return {
    userId: session.userId,
    departmentIds: session.departmentIds,
    locationId: await findUserLocation(trx, session.userId),
    companyWide: readsCompanyWide(session),
  };
}

function myStatus(row: DocumentRow): MyDocumentStatus {
  if (row.my_signer_status && row.sign_status === 'pending') {
    if (row.my_signer_status === 'pending') return 'to_sign';
    return row.my_signer_status === 'signed' ? 'waiting_for_others' : null;
  }
  if (row.my_signer_status === 'signed') return 'signed';
  if (row.action === 'acknowledge') return row.my_acknowledged_at ? 'acknowledged' : 'to_acknowledge';
  if (row.action === 'read') return row.my_read_at ? 'read' : 'to_read';
  return null;
}

export function toVersion(row: {
  id: string;
  number: number;
  sha256: string;
  created_at: Date;
  created_by_name: string | null;
  file_name: string;
  mime_type: string;
  size_bytes: number;
}): DocumentVersion {
  return {
    id: row.id,
    number: row.number,
    file_name: row.file_name,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
    sha256: row.sha256,
    created_at: row.created_at.toISOString(),
    created_by_name: row.created_by_name,
  };
}

export function toSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    area: row.area,
    title: row.title,
    description: row.description,
    action: row.action,
    audience: row.audience,
    audience_ids: row.audience_ids,
    folder: row.folder_id && row.folder_name ? { id: row.folder_id, name: row.folder_name } : null,
    tags: row.tags,
    subject: row.subject_user_id ? { id: row.subject_user_id, name: row.subject_name ?? '' } : null,
    special_category: row.special_category,
    version: toVersion({
      id: row.version_id,
      number: row.version_number,
      sha256: row.version_sha256,
      created_at: row.version_created_at,
      created_by_name: row.version_created_by_name,
      file_name: row.file_name,
      mime_type: row.mime_type,
      size_bytes: row.size_bytes,
    }),
    sign_status: row.sign_status,
    my_status: myStatus(row),
    updated_at: row.updated_at.toISOString(),
  };
}
