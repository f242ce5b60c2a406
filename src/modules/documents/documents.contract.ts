// Documents and e-signing: the names (resources, paths, what each write invalidates), the
// vocabulary and the request and response shapes client and server share.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import { multilineTextField, requiredTextField, searchField, textField } from '../../shared/validators';
import { PENDING_COUNT_RESOURCE } from '../../shared/pending-count.contract';

export const DOCUMENT_ENDPOINT = '/api/document';
export const DOCUMENT_RESOURCES = {
  document: 'document',
  tags: 'document-tags',
  folders: 'document-folders',
  templates: 'document-template',
  preview: 'document-preview',
  seal: 'document-seal-certificate',
} as const;
const R = DOCUMENT_RESOURCES;

/** What each kind of documents write makes stale (server events and the writing tab). */
export const DOCUMENTS_INVALIDATES = {
  document: [R.document, PENDING_COUNT_RESOURCE],
  tags: [R.tags, R.document],
  folders: [R.folders, R.document],
  templates: [R.templates],
  seal: [R.seal],
} as const;

export const DOCUMENT_AREAS = ['hr', 'hs'] as const;
export type DocumentArea = (typeof DOCUMENT_AREAS)[number];
export const AREA_TITLES: Record<DocumentArea, string> = { hr: 'HR Documents', hs: 'H&S Documents' };

export const DOCUMENT_ACTIONS = ['read', 'acknowledge', 'sign'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
export const ACTION_LABELS: Record<DocumentAction, string> = { read: 'Read', acknowledge: 'Read and acknowledge', sign: 'Sign' };

export const AUDIENCES = ['everyone', 'departments', 'locations', 'people', 'hr_private'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: 'Everyone',
  departments: 'Departments',
  locations: 'Locations',
  people: 'Named people',
  hr_private: 'Private to HR',
};

export const SIGN_ORDERINGS = ['sequential', 'parallel'] as const;
export type SignOrdering = (typeof SIGN_ORDERINGS)[number];
export type SignRequestStatus = 'pending' | 'completed' | 'declined' | 'voided';
export type SignerStatus = 'waiting' | 'pending' | 'signed' | 'declined' | 'voided';
export const TRAIL_EVENTS = [
  'created',
  'sent',
  'viewed',
  'consented',
  'signed',
  'declined',
  'voided',
  'completed',
  'downloaded',
  'reminded',
] as const;
export type TrailEvent = (typeof TRAIL_EVENTS)[number];

/** The consent line a signer agrees to before signing, word for word in the trail. */
export const CONSENT_LINE =
  'I agree to sign this document electronically, and that my electronic signature is as valid as my handwritten signature.';
export const DOCUMENT_CHANGED_MESSAGE =
  'This document changed after you opened it, so your signature was not added. Open the document again, read the new version and sign it.';
/** What the outbox's button for a refused offline signature says: it opens the document as it is now, to read and sign. */
export const SIGNATURE_FORM_ACTION = 'Open the current version';
/** The trail's words for what a device said about a signature it kept while offline. */
export const signedOnDeviceDetail = (kind: 'drawn' | 'typed', signedAt: string | undefined, receivedAt: Date) =>
  signedAt ? `${kind} signature; signed on the device at ${signedAt}; received at ${receivedAt.toISOString()}` : `${kind} signature`;
export const SHOWN_OFFLINE_DETAIL = 'Read on the device from the copy kept for signing offline';

/** Files a document may be: PDF, Word and Excel, images. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Files that can be signed: a PDF, or an image placed on a PDF page. Word and Excel files cannot (no converter runs here). */
export const SIGNABLE_MIME_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];
export const isSignableType = (mimeType: string) => SIGNABLE_MIME_TYPES.includes(mimeType);
export const NOT_SIGNABLE_MESSAGE =
  "This file can't be signed here: only PDFs (and PNG or JPEG images) can. Upload a PDF of it to ask for signatures.";
/** What the document page can draw: PDFs (pdf.js) and images; anything else is downloaded to be opened. */
export const isPreviewableType = (mimeType: string) => mimeType === 'application/pdf' || mimeType.startsWith('image/');

// ---- Shapes ----------------------------------------------------------------------------

export type NamedRef = { id: string; name: string };
export type DocumentVersion = {
  id: string;
  number: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
  created_by_name: string | null;
};
/** What the caller still has to do with a document, or has done. */
export type MyDocumentStatus = 'to_read' | 'read' | 'to_acknowledge' | 'acknowledged' | 'to_sign' | 'signed' | 'waiting_for_others' | null;
export type DocumentSummary = {
  id: string;
  area: DocumentArea;
  title: string;
  description: string;
  action: DocumentAction;
  audience: Audience;
  audience_ids: string[];
  folder: NamedRef | null;
  tags: NamedRef[];
  subject: NamedRef | null;
  special_category: boolean;
  version: DocumentVersion;
  sign_status: SignRequestStatus | null;
  my_status: MyDocumentStatus;
  updated_at: string;
};
export type Signer = {
  id: string;
  user_id: string;
  name: string;
  position: number;
  status: SignerStatus;
  signed_at: string | null;
  decline_reason: string | null;
};
export type SignRequest = {
  id: string;
  status: SignRequestStatus;
  ordering: SignOrdering;
  message: string;
  due_date: string | null;
  version_id: string;
  version_sha256: string;
  final_sha256: string | null;
  created_at: string;
  completed_at: string | null;
  void_reason: string | null;
  signers: Signer[];
};
export type DocumentDetail = DocumentSummary & {
  versions: DocumentVersion[];
  sign_request: SignRequest | null;
  /** The caller may change, version, send and void it. */
  can_manage: boolean;
  /** The caller is the signer whose turn it is. */
  can_sign: boolean;
  /**
   * Who the wording of the template it was made from says signs it, in that order: someone for
   * the company (whoever made the document, unless the sender chooses another) and the person
   * it is about. Sending it to sign proposes them; empty for other documents.
   */
  signing_order: { party: 'company' | 'employee'; user_id: string | null }[];
};
export type AuditEntry = {
  event: TrailEvent;
  at: string;
  actor: string;
  ip: string | null;
  user_agent: string | null;
  sha256: string | null;
  identification: string;
  detail: string;
};
export type DocumentTag = NamedRef & { document_count: number };
export type DocumentFolder = NamedRef & { area: DocumentArea; document_count: number };
export type TemplateField = { key: string; label: string };
export type DocumentTemplate = {
  id: string;
  area: DocumentArea;
  name: string;
  body: string;
  free_fields: TemplateField[];
  starter: boolean;
  updated_at: string;
};

// ---- Inputs ----------------------------------------------------------------------------

const id = (message = 'Please choose one.') =>
  v.pipe(
    v.string(message),
    v.check((value: string) => isUuid(value), message),
  );
const ids = v.pipe(v.array(id()), v.maxLength(500, 'Too many chosen.'));
const optionalDate = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.check((value) => value === '' || isIsoDate(value), 'Please give a date as dd/mm/yyyy.'),
    ),
  ),
);

const LIST_STATUSES = ['to_do', 'all'] as const;
export const DocumentListQuerySchema = v.object({
  area: v.optional(v.picklist(DOCUMENT_AREAS, 'Please choose HR or H&S.')),
  search: searchField(),
  folder_id: v.optional(id()),
  tag_ids: v.optional(
    v.union([
      ids,
      v.pipe(
        id(),
        v.transform((value) => [value]),
      ),
    ]),
  ),
  subject_user_id: v.optional(id()),
  // The query string sends `status` as a list (`status[]=to_do`, LIST_KEYS): one value is taken.
  status: v.optional(
    v.union([
      v.picklist(LIST_STATUSES),
      v.pipe(
        v.tuple([v.picklist(LIST_STATUSES)]),
        v.transform(([value]) => value),
      ),
    ]),
  ),
});
export type DocumentListQuery = v.InferOutput<typeof DocumentListQuerySchema>;

/** GET /api/document-to-do: what waits for the caller in each area, each kind by its name. */
export const DOCUMENT_TO_DO_PATH = '/api/document-to-do';
export type DocumentToDoKind = 'to_sign' | 'to_acknowledge' | 'to_read';
export type DocumentToDoCounts = Record<DocumentArea, Record<DocumentToDoKind, number>>;

const documentFields = {
  title: requiredTextField({ maxLength: 200 }),
  description: v.optional(multilineTextField({ maxLength: 2000 }), ''),
  action: v.optional(v.picklist(DOCUMENT_ACTIONS, 'Please choose what people do with it.'), 'read'),
  audience: v.optional(v.picklist(AUDIENCES, 'Please choose who can see it.'), 'everyone'),
  audience_ids: v.optional(ids, []),
  folder_id: v.optional(v.nullable(id())),
  tag_ids: v.optional(ids, []),
  subject_user_id: v.optional(v.nullable(id())),
  special_category: v.optional(v.boolean(), false),
};
/** The fields of an upload (multipart, each a form field; lists as JSON). */
export const DocumentUploadSchema = v.object({ area: v.picklist(DOCUMENT_AREAS, 'Please choose HR or H&S.'), ...documentFields });
export type DocumentUploadInput = v.InferOutput<typeof DocumentUploadSchema>;
export const DocumentUpdateSchema = v.object(documentFields);
export type DocumentUpdateInput = v.InferOutput<typeof DocumentUpdateSchema>;

export const NamedInputSchema = v.object({ name: requiredTextField({ maxLength: 60 }) });
export const FolderInputSchema = v.object({
  name: requiredTextField({ maxLength: 100 }),
  area: v.picklist(DOCUMENT_AREAS, 'Please choose HR or H&S.'),
});
export const FolderQuerySchema = v.object({ area: v.optional(v.picklist(DOCUMENT_AREAS)) });
export const TagQuerySchema = v.object({ search: searchField() });

export const SignRequestInputSchema = v.object({
  signer_ids: v.pipe(
    v.array(id('Please choose the signers.')),
    v.minLength(1, 'Please choose at least one signer.'),
    v.maxLength(20, 'Too many signers.'),
  ),
  ordering: v.optional(v.picklist(SIGN_ORDERINGS, 'Please choose in order or all at once.'), 'sequential'),
  message: v.optional(multilineTextField({ maxLength: 1000 }), ''),
  due_date: optionalDate,
});
export type SignRequestInput = v.InferOutput<typeof SignRequestInputSchema>;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
export const SignInputSchema = v.object({
  consent: v.literal(true, 'Please agree to sign electronically.'),
  kind: v.picklist(['drawn', 'typed'], 'Please draw or type your signature.'),
  /** A drawn signature: a PNG as a data URL, at most 200 kB. */
  image: v.optional(
    v.pipe(v.string(), v.maxLength(280_000, 'The signature is too large.'), v.regex(PNG_DATA_URL, 'Please draw your signature again.')),
  ),
  typed_name: v.optional(textField({ maxLength: 100 })),
  /** The SHA-256 of the version the signer was shown. */
  seen_sha256: v.pipe(v.string('Please open the document again.'), v.regex(/^[0-9a-f]{64}$/, 'Please open the document again.')),
  /** When they signed by the device's clock (a signature made offline arrives later): the trail keeps it beside the time it arrived. */
  signed_at: v.optional(v.pipe(v.string(), v.isoTimestamp('Please sign again.'))),
  /** The file they read was the copy kept on the device for signing with no signal. */
  shown_offline: v.optional(v.boolean()),
});
export type SignInput = v.InferOutput<typeof SignInputSchema>;
export const DeclineInputSchema = v.object({ reason: requiredTextField({ maxLength: 1000, multiline: true }) });
export const VoidInputSchema = v.object({ reason: requiredTextField({ maxLength: 1000, multiline: true }) });
export const ViewedInputSchema = v.object({ sha256: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))) });

const fieldKey = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower-case letters, digits and _ only.'));
export const TemplateInputSchema = v.object({
  area: v.picklist(DOCUMENT_AREAS, 'Please choose HR or H&S.'),
  name: requiredTextField({ maxLength: 150 }),
  body: requiredTextField({ maxLength: 50_000, multiline: true, untrimmed: true }),
  free_fields: v.optional(
    v.pipe(v.array(v.object({ key: fieldKey, label: requiredTextField({ maxLength: 80 }) })), v.maxLength(30, 'Too many fields.')),
    [],
  ),
});
export type TemplateInput = v.InferOutput<typeof TemplateInputSchema>;

/** Values typed at generation: key → text. */
const FieldValuesSchema = v.pipe(
  v.record(fieldKey, textField({ maxLength: 2000, multiline: true })),
  v.check((value) => Object.keys(value).length <= 60, 'Too many fields.'),
);
export const PreviewInputSchema = v.object({
  document_template_file_id: id('Please choose a template.'),
  document_template_file_field_values: v.optional(FieldValuesSchema, {}),
  user_id: v.optional(v.nullable(id('Please choose the person.'))),
});
export type PreviewInput = v.InferOutput<typeof PreviewInputSchema>;
export const GenerateInputSchema = v.object({
  ...PreviewInputSchema.entries,
  user_id: id('Please choose the person.'),
  title: requiredTextField({ maxLength: 200 }),
  folder_id: v.optional(v.nullable(id())),
  action: v.optional(v.picklist(DOCUMENT_ACTIONS), 'sign'),
});
export type GenerateInput = v.InferOutput<typeof GenerateInputSchema>;

/** The merge fields every template may use, filled from the person's record and the company. */
export const RECORD_FIELDS: readonly TemplateField[] = [
  { key: 'employee_name', label: "Employee's full name" },
  { key: 'employee_first_name', label: "Employee's first name" },
  { key: 'job_title', label: 'Job title' },
  { key: 'department', label: 'Department' },
  { key: 'start_date', label: 'Start date' },
  { key: 'pay', label: 'Pay' },
  { key: 'working_pattern', label: 'Working pattern' },
  { key: 'manager_name', label: 'Line manager' },
  { key: 'company_name', label: 'Company name' },
  { key: 'company_address', label: 'Company address' },
  { key: 'today', label: "Today's date" },
];

/**
 * GET /api/document-seal-certificate: the certificate that seals completed documents (PAdES),
 * the company's own (PUT, a PKCS#12 file with its passphrase) or one generated for it; null
 * until the first document is completed.
 */
export type SealCertificateInfo = { subject: string; issuer: string; valid_from: string; valid_to: string; generated: boolean };
export const sealCertificateMessages = {
  file: 'Please choose the certificate file (.p12 or .pfx).',
  unreadable:
    'This file could not be opened with that passphrase: it must be a PKCS#12 file (.p12 or .pfx) holding a certificate and its private key.',
  expired: 'This certificate has expired.',
} as const;
