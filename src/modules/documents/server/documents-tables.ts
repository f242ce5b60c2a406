// The tables of migration 0026 (documents and e-signing).
import type { ColumnType, Generated } from 'kysely';
import type {
  Audience,
  DocumentAction,
  DocumentArea,
  SignOrdering,
  SignRequestStatus,
  SignerStatus,
  TemplateField,
  TrailEvent,
} from '../documents.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface DocumentFoldersTable extends TenantRow {
  area: DocumentArea;
  name: string;
}
export interface DocumentTagsTable extends TenantRow {
  name: string;
}
export interface DocumentsTable extends TenantRow {
  area: DocumentArea;
  folder_id: string | null;
  title: string;
  description: Generated<string>;
  action: Generated<DocumentAction>;
  audience: Generated<Audience>;
  audience_ids: Generated<string[]>;
  subject_user_id: string | null;
  special_category: Generated<boolean>;
  search_text: Generated<string>;
  current_version_id: string | null;
  created_by: string | null;
  updated_at: Generated<Date>;
  archived_at: Date | null;
  /** Who a template's wording says signs the document made from it (migration 0043). */
  signing_parties: Generated<('company' | 'employee')[]>;
}
export interface DocumentTagLinksTable {
  company_id: string;
  document_id: string;
  tag_id: string;
}
export interface DocumentVersionsTable extends TenantRow {
  document_id: string;
  number: number;
  file_id: string;
  sha256: string;
  created_by: string | null;
}
export interface DocumentReadsTable {
  company_id: string;
  version_id: string;
  user_id: string;
  read_at: Generated<Date>;
  acknowledged_at: Date | null;
}
export interface DocumentTemplatesTable extends TenantRow {
  area: DocumentArea;
  starter_key: string | null;
  name: string;
  body: string;
  free_fields: ColumnType<TemplateField[], string, string>;
  created_by: string | null;
  updated_at: Generated<Date>;
}
export interface DocumentSignRequestsTable extends TenantRow {
  document_id: string;
  version_id: string;
  ordering: SignOrdering;
  message: Generated<string>;
  due_date: string | null;
  status: Generated<SignRequestStatus>;
  final_file_id: string | null;
  final_sha256: string | null;
  created_by: string | null;
  completed_at: Date | null;
  void_reason: string | null;
}
export interface DocumentSignersTable extends TenantRow {
  request_id: string;
  user_id: string;
  position: number;
  status: SignerStatus;
  signed_at: Date | null;
  signature_kind: 'drawn' | 'typed' | null;
  signature_png: Buffer | null;
  typed_name: string | null;
  decline_reason: string | null;
  reminded_at: Date | null;
}
export interface DocumentEventsTable extends TenantRow {
  seq: Generated<number>;
  document_id: string;
  request_id: string | null;
  event: TrailEvent;
  actor_id: string | null;
  actor_name: string;
  identification: string;
  ip: string | null;
  user_agent: string | null;
  sha256: string | null;
  detail: Generated<string>;
}
export interface DocumentSealCertificatesTable {
  company_id: string;
  p12: Buffer;
  passphrase: string;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    document_folders: DocumentFoldersTable;
    document_tags: DocumentTagsTable;
    documents: DocumentsTable;
    document_tag_links: DocumentTagLinksTable;
    document_versions: DocumentVersionsTable;
    document_reads: DocumentReadsTable;
    document_templates: DocumentTemplatesTable;
    document_sign_requests: DocumentSignRequestsTable;
    document_signers: DocumentSignersTable;
    document_events: DocumentEventsTable;
    document_seal_certificates: DocumentSealCertificatesTable;
  }
}

export interface DocumentDemoPendingTable {
  company_id: string;
  payload: ColumnType<DemoPayload, string, string>;
}
export type DemoPayload = { departments: Record<string, string>; accounts: Record<string, string> };

declare module '../../../server/db/schema' {
  interface Database {
    document_demo_pending: DocumentDemoPendingTable;
  }
}
