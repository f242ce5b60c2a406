// The documents calls of the screens: lists of an area, one document, tags, folders,
// templates, people to choose, authenticated file fetches (blob URLs, never a public address),
// uploads with progress, and every write, each refreshing what DOCUMENTS_INVALIDATES names.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError, newIdempotencyKey, type ApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { getToken } from '../../../client/auth/token-store';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/constants';
import type { ListResponse } from '../../../shared/list';
import type { QueryInput } from '../../../shared/query-string';
import {
  DOCUMENTS_INVALIDATES,
  DOCUMENT_RESOURCES,
  DOCUMENT_TO_DO_PATH,
  SIGNATURE_FORM_ACTION,
  SignInputSchema,
  type AuditEntry,
  type DocumentArea,
  type DocumentDetail,
  type DocumentFolder,
  type DocumentSummary,
  type DocumentTag,
  type DocumentTemplate,
  type DocumentToDoCounts,
  type TemplateInput,
  type SealCertificateInfo,
} from '../documents.contract';
import { fetchFile, saveBlob } from '../../../client/api/downloads';
import type { QueuedResponse } from '../../../shared/sw-messages';

export const DOCUMENT_PAGE_SIZE = 20;
const R = DOCUMENT_RESOURCES;

export type DocumentFilters = {
  area?: DocumentArea;
  search?: string;
  folder_id?: string;
  tag_ids?: string[];
  subject_user_id?: string;
  status?: 'to_do';
};

export const documentKeys = {
  list: (filters: DocumentFilters, page: number) => [R.document, 'list', filters, page] as const,
  detail: (id: string) => [R.document, 'detail', id] as const,
  audit: (id: string) => [R.document, 'audit', id] as const,
  toDo: () => [R.document, 'to-do'] as const,
};

/** Documents private to HR (medical letters, disciplinary records) never reach the offline cache, not even their titles. */
const PRIVATE_TO_HR = { key: 'audience', value: 'hr_private' } satisfies { key: keyof DocumentSummary; value: DocumentSummary['audience'] };

/** A 404 or 403 is an answer the page shows: no toast, no retry. */
const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const documentListQueryOptions = (filters: DocumentFilters, page: number) =>
  queryOptions({
    queryKey: documentKeys.list(filters, page),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<DocumentSummary>>(`/api/${R.document}`, {
        signal,
        query: { ...(filters as QueryInput), offset: (page - 1) * DOCUMENT_PAGE_SIZE, limit: DOCUMENT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    meta: { sensitiveWhere: PRIVATE_TO_HR },
  });

/** What waits for the caller in each area (the dashboard's "Documents for you"). */
export const documentToDoQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.toDo(),
    queryFn: ({ signal }) => apiFetch<DocumentToDoCounts>(DOCUMENT_TO_DO_PATH, { signal }),
    meta: { errorToast: false },
  });

export const documentQueryOptions = (id: string, sensitive = false) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<DocumentDetail>(`/api/${R.document}/${id}`, { signal }),
    retry: (failures, error) => !isRefusal(error) && failures < 1,
    meta: {
      errorToast: false,
      ...(sensitive ? { sensitive: true } : {}),
      sensitiveWhere: PRIVATE_TO_HR,
    },
  });

export const auditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: documentKeys.audit(id),
    queryFn: ({ signal }) => apiFetch<AuditEntry[]>(`/api/${R.document}/${id}/audit`, { signal }),
    retry: false,
    meta: { errorToast: false },
  });

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: [R.tags, 'all'] as const,
    queryFn: ({ signal }) => apiFetch<ListResponse<DocumentTag>>(`/api/${R.tags}`, { signal, query: { limit: 500 } }),
  });

export const foldersQueryOptions = (area: DocumentArea) =>
  queryOptions({
    queryKey: [R.folders, area] as const,
    queryFn: ({ signal }) => apiFetch<ListResponse<DocumentFolder>>(`/api/${R.folders}`, { signal, query: { area, limit: 500 } }),
  });

export const templatesQueryOptions = (area?: DocumentArea) =>
  queryOptions({
    queryKey: [R.templates, area ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<DocumentTemplate>>(`/api/${R.templates}`, { signal, query: { ...(area ? { area } : {}), limit: 500 } }),
  });

export type PersonOption = { id: string; first_name: string; surname: string };
export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: ['user-basic', 'documents-choice'] as const,
    queryFn: ({ signal }) => apiFetch<ListResponse<PersonOption>>('/api/user-basic', { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });

export const invalidateDocuments = (queryClient: QueryClient) => invalidateResources(queryClient, DOCUMENTS_INVALIDATES.document);

// ---- Files ---------------------------------------------------------------------------------

/** A file of the API as a Blob, fetched with the bearer token (previews and downloads). */
export async function fetchBlob(path: string, init?: RequestInit): Promise<Blob> {
  return (await fetchFile(path, { init })).blob();
}

/** The SHA-256 (hex) of bytes, as the server's trail records it. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Several documents as one zip (POST /api/download-batch with {path, name, type} each). */
export async function downloadZip(files: { path: string; name: string; type: string }[]): Promise<void> {
  const blob = await fetchBlob('/api/download-batch', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ files }),
  });
  saveBlob(blob, 'documents.zip');
}

export async function previewTemplatePdf(body: {
  document_template_file_id: string;
  document_template_file_field_values: Record<string, string>;
  user_id?: string | null;
}): Promise<Blob> {
  return fetchBlob(`/api/${R.preview}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export type UploadProblem = { status: number; message: string; errors?: Record<string, string[]> };

/** Uploads one file with its fields, reporting progress (XMLHttpRequest: fetch has no upload progress). */
export function uploadDocument<T = DocumentDetail>(input: {
  url: string;
  method?: 'POST' | 'PUT';
  file: File;
  fields: Record<string, string>;
  onProgress: (fraction: number) => void;
}): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
    form.append('file', input.file, input.file.name);
    const request = new XMLHttpRequest();
    request.open(input.method ?? 'POST', input.url);
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else {
        const problem = (body ?? {}) as { message?: string; errors?: Record<string, string[]> };
        reject({
          status: request.status,
          message: problem.message ?? 'The upload failed.',
          errors: problem.errors,
        } satisfies UploadProblem);
      }
    };
    request.onerror = () => reject({ status: 0, message: 'The upload failed: no connection.' } satisfies UploadProblem);
    request.send(form);
  });
}

// ---- Writes --------------------------------------------------------------------------------

export const post = <T>(path: string, body: unknown, extra: { idempotencyKey?: string } = {}) =>
  apiFetch<T>(path, { method: 'POST', body, ...extra });
export const documentAction = (id: string, action: string, body: unknown = {}) =>
  post<DocumentDetail>(`/api/${R.document}/${id}/${action}`, body);
export const updateDocument = (id: string, body: unknown) => apiFetch<DocumentDetail>(`/api/${R.document}/${id}`, { method: 'PUT', body });
export const archiveDocument = (id: string) => apiFetch<void>(`/api/${R.document}/${id}`, { method: 'DELETE' });
export const generateDocument = (templateId: string, body: unknown) =>
  post<DocumentDetail>(`/api/${R.templates}/${templateId}/generate`, body);

export const problemOf = (error: unknown): string => (error as ApiError | UploadProblem | undefined)?.message ?? 'Error occurred';
/** The field messages of a 422, from a call (ApiError) or an upload (UploadProblem). */
export const fieldErrorsOf = (error: unknown): Record<string, string[]> =>
  (isApiError(error) ? error.fieldErrors : (error as UploadProblem | undefined)?.errors) ?? {};

/** A company's own template (or its copy of a starter), saved; then its list refreshes. */
export async function saveTemplate(queryClient: QueryClient, id: string | null, body: TemplateInput): Promise<DocumentTemplate> {
  const saved = await apiFetch<DocumentTemplate>(id ? `/api/${R.templates}/${id}` : `/api/${R.templates}`, {
    method: id ? 'PUT' : 'POST',
    body,
  });
  await invalidateResources(queryClient, DOCUMENTS_INVALIDATES.templates);
  return saved;
}

export async function deleteTemplate(queryClient: QueryClient, id: string): Promise<void> {
  await apiFetch(`/api/${R.templates}/${id}`, { method: 'DELETE' });
  await invalidateResources(queryClient, DOCUMENTS_INVALIDATES.templates);
}

export const sealCertificateQueryOptions = () =>
  queryOptions({
    queryKey: [R.seal] as const,
    queryFn: ({ signal }) => apiFetch<SealCertificateInfo | null>(`/api/${R.seal}`, { signal }),
  });

/** A document's page: where a refused signature in the outbox opens, on the current version. */
export const documentPath = (id: string) => `/document/${id}`;

/** A signature (queueable: offline the outbox keeps it under `key` and sends it once). */
export function signDocument(input: {
  id: string;
  title: string;
  key: string;
  body: Record<string, unknown>;
}): Promise<DocumentDetail | QueuedResponse> {
  return apiFetch<DocumentDetail>(`/api/${DOCUMENT_RESOURCES.document}/${input.id}/sign`, {
    method: 'POST',
    idempotencyKey: input.key,
    body: input.body,
    queue: {
      resource: DOCUMENT_RESOURCES.document,
      label: `Signature of ${input.title}`,
      schema: SignInputSchema,
      form: documentPath(input.id),
      // A refused signature is not corrected: the document's page opens at its current version, to read and sign.
      formAction: SIGNATURE_FORM_ACTION,
    },
  });
}
