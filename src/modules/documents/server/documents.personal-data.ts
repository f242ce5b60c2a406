// The personal data the documents module holds: documents about a person (with special-
// category ones marked), their versions and signing, and what each person read. Signed
// documents stay: the company's copy is what the law needs.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

const ofDocument = { column: 'document_id', parent: 'documents' };

export const documentsPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'documents',
      label: 'Documents about the person',
      subject: ['subject_user_id'],
      actors: ['created_by'],
      kind: 'documents',
      category: {
        type: 'special',
        columns: ['special_category'],
        what: 'Documents marked special-category (medical reports, occupational health)',
        endpoints: ['/api/document'],
        // Opening a special-category document is not audited today.
        readActions: [],
      },
      erase: 'keep',
    },
    {
      table: 'document_versions',
      label: 'Document files',
      via: ofDocument,
      actors: ['created_by'],
      files: ['file_id'],
      kind: 'documents',
      erase: 'keep',
    },
    {
      table: 'document_sign_requests',
      label: 'Signing requests',
      via: ofDocument,
      actors: ['created_by'],
      files: ['final_file_id'],
      kind: 'documents',
      erase: 'keep',
    },
    { table: 'document_signers', label: 'Signatures', subject: ['user_id'], kind: 'documents', erase: 'keep' },
    { table: 'document_events', label: 'Document audit trail', via: ofDocument, actors: ['actor_id'], kind: 'documents', erase: 'keep' },
    {
      table: 'document_reads',
      label: 'Documents read',
      subject: ['user_id'],
      kind: 'communications',
      dateColumn: 'read_at',
      erase: 'delete',
    },
    { table: 'document_templates', label: 'Templates written', actors: ['created_by'], kind: 'documents', erase: 'keep' },
  ],
};
