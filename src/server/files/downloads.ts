// Sending stored files, one at a time (sendFile, for each module's own authorised GET) or
// several as one zip (POST /api/download-batch), which fetches every file through
// its module's own route with the caller's own token, so no second authorisation exists.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import yazl from 'yazl';
import { AppError, AppErrorCodes, messageForStatus, type AppErrorCode } from '../../shared/app-error';
import { fieldErrorsFromIssues } from '../../shared/validation';
import { attachmentDisposition, sanitiseFileName, uniqueNames } from './file-names';
import { contentTypeFor } from './file-types';
import type { FileRecord } from './files.queries';

export const BATCH_DOWNLOAD_PATH = '/api/download-batch';
export const BATCH_MAX_FILES = 50;
/** Every file is fetched before the first byte goes out (a failure must still be a status), so the sum is capped. */
export const BATCH_MAX_BYTES = 100 * 1024 * 1024;

/** Headers that keep a file from being run, framed, sniffed or cached by anyone but its reader. */
function setDownloadHeaders(reply: FastifyReply, input: { contentType: string; fileName: string }): FastifyReply {
  return reply
    .header('content-type', input.contentType)
    .header('content-disposition', attachmentDisposition(input.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox");
}

/** Sends a stored file as an attachment; the caller has found it within the caller's own scope. */
export async function sendFile(
  reply: FastifyReply,
  file: Pick<FileRecord, 'id' | 'storage_key' | 'original_name' | 'mime_type'>,
): Promise<FastifyReply> {
  const storage = reply.server.fileStorage;
  const stat = await storage.stat(file.storage_key);
  if (!stat) {
    reply.log.error({ fileId: file.id }, 'a file row has no stored bytes');
    throw AppError.notFound();
  }
  const stream = await storage.open(file.storage_key);
  setDownloadHeaders(reply, { contentType: contentTypeFor(file.mime_type), fileName: file.original_name });
  return reply.header('content-length', stat.sizeBytes).send(stream);
}

// Unreserved and sub-delimiter characters, "%" escapes, ":" and "@" in the path; a plain query.
const pathPattern = /^\/api\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(\?[A-Za-z0-9._~!$&'()*+,;=:@%/?[\]-]*)?$/;

/** A GET path of this API with no dot segments and no escapes that hide a separator. */
export function isApiDownloadPath(value: string): boolean {
  if (value.length > 2048 || !pathPattern.test(value)) return false;
  const pathname = value.split('?')[0] ?? '';
  if (pathname.includes('//')) return false;
  return pathname.split('/').every((segment) => {
    try {
      const decoded = decodeURIComponent(segment);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      return decoded !== '.' && decoded !== '..' && !/[/\\\u0000-\u001F]/.test(decoded);
    } catch {
      return false;
    }
  });
}

const BatchDownloadSchema = v.object({
  files: v.pipe(
    v.array(
      v.object({
        path: v.pipe(
          v.string('Please give the path of each file.'),
          v.check(isApiDownloadPath, 'This is not a download path of this service.'),
        ),
        name: v.pipe(
          v.string('Please give the name of each file.'),
          v.minLength(1, 'Please give the name of each file.'),
          v.maxLength(255, 'The name is too long.'),
        ),
        type: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255)))),
      }),
      'Please choose the files to download.',
    ),
    v.minLength(1, 'Please choose at least one file.'),
    v.maxLength(BATCH_MAX_FILES, `At most ${BATCH_MAX_FILES} files can be downloaded together.`),
  ),
});

const codeForStatus = (status: number): AppErrorCode =>
  (Object.entries(AppErrorCodes).find(([, s]) => s === status)?.[0] as AppErrorCode | undefined) ??
  (status >= 500 ? 'internal' : 'badRequest');

/** The failing file's own status and JSON error, pointing at the entry that failed. */
function entryError(input: { status: number; payload: string; index: number }): AppError {
  const field = `files.${input.index}.path`;
  if (input.status < 400) {
    return AppError.validation({ [field]: ['This path does not return a file.'] });
  }
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(input.payload) as typeof body;
  } catch {
    // Not every failure is ours to describe (a proxy's HTML, say): fall back to the status.
  }
  const known =
    typeof body.code === 'string' && Object.hasOwn(AppErrorCodes, body.code) ? (body.code as AppErrorCode) : codeForStatus(input.status);
  const message = typeof body.message === 'string' && body.message ? body.message : messageForStatus(input.status);
  return new AppError(known, { status: input.status, message, fieldErrors: { [field]: [message] } });
}

const compressible = (contentType: string) => /^(text\/|application\/(json|xml|csv))/i.test(contentType);

export function registerBatchDownloadRoute(app: FastifyInstance): void {
  app.post(BATCH_DOWNLOAD_PATH, { config: { access: 'authenticated', idempotency: false } }, async (request, reply) => {
    const parsed = v.safeParse(BatchDownloadSchema, request.body);
    if (!parsed.success) throw AppError.validation(fieldErrorsFromIssues(parsed.issues));
    const { files } = parsed.output;
    const names = uniqueNames(files.map((file) => sanitiseFileName(file.name)));
    const authorization = request.headers.authorization;

    const entries: { name: string; data: Buffer; compress: boolean }[] = [];
    let totalBytes = 0;
    // One at a time, so a batch over the cap stops as soon as it passes it.
    for (const [index, file] of files.entries()) {
      const response = await app.inject({
        method: 'GET',
        url: file.path,
        headers: { ...(authorization ? { authorization } : {}), 'x-request-id': request.id },
        // Each file counts against the caller's own rate limit, not a shared local one.
        remoteAddress: request.ip,
      });
      if (response.statusCode !== 200) throw entryError({ status: response.statusCode, payload: response.payload, index });
      totalBytes += response.rawPayload.length;
      if (totalBytes > BATCH_MAX_BYTES)
        throw new AppError('payloadTooLarge', { message: 'These files are too large to download together.' });
      entries.push({
        name: names[index]!,
        data: response.rawPayload,
        compress: compressible(String(response.headers['content-type'] ?? '')),
      });
    }

    const zip = new yazl.ZipFile();
    const now = new Date();
    for (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: entry.compress, mtime: now });
    zip.end();
    setDownloadHeaders(reply, { contentType: 'application/zip', fileName: 'download.zip' });
    return reply.send(zip.outputStream);
  });
}
