// Settings → Import people (owners and HR admins: /api/people-import at company scope).
//   GET  /api/people-import/template?format=csv|xlsx  the template with one example row
//   POST /api/people-import/parse     a CSV or XLSX file (multipart "file") → its cells and a mapping to start from
//   POST /api/people-import/preview   cells + mapping → every row with its errors, counts, missing list items
//   POST /api/people-import           the same body → NDJSON: progress lines, then the result (or the error)
// The import is checked in full before its answer starts, so a refusal is a plain 422; what
// goes wrong while writing (a seat limit, say) rolls everything back and is the last line.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppDeps } from '../../../server/app-deps';
import { auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { parseInput } from '../../../server/http/validate';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  guessMapping,
  PEOPLE_IMPORT_ENDPOINT,
  PEOPLE_IMPORT_LIMITS,
  peopleImportMessages as M,
  peopleImportPaths,
  PeopleImportInputSchema,
  type ImportStreamLine,
  type ParsedSpreadsheet,
} from '../people-import.contract';
import { readSpreadsheet } from './people-import-parse';
import { checkImport, ImportRowRefused, previewImport, runImport, type ImportContext } from './people-import-run';
import { templateCsv, templateXlsx } from './people-import-template';
import { getImportMapping } from './people-import.queries';

const access = (method: 'GET' | 'POST') => ({ access: { endpoint: PEOPLE_IMPORT_ENDPOINT, method, scope: 'company' as const } });
/** 5,000 rows of 60 cells is far more than the JSON default allows. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
const TemplateQuerySchema = v.object({ format: v.optional(v.picklist(['csv', 'xlsx'], 'Unknown format.'), 'csv') });

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The uploaded file's bytes (up to the limit), refusing anything but one file part. */
async function uploadedBytes(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw AppError.validation({ file: [M.noFile] });
  try {
    const part = await request.file({ limits: { fileSize: PEOPLE_IMPORT_LIMITS.fileBytes, files: 1 } });
    if (!part) throw AppError.validation({ file: [M.noFile] });
    const bytes = await part.toBuffer();
    return { name: part.filename.slice(0, 200), bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode } = error as { statusCode?: unknown };
    if (statusCode === 413) throw new AppError('payloadTooLarge', { message: 'The file is too large.', cause: error });
    throw new AppError('badRequest', { message: 'The upload could not be read.', cause: error });
  }
}

export const peopleImportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const contextOf = (request: FastifyRequest): ImportContext => ({
    deps,
    caller: auditCallerOf(request),
    companyId: requireCompany(requireSession(request)),
  });

  app.get('/api/people-import/template', { config: access('GET') }, async (request, reply) => {
    requireCompany(requireSession(request));
    const { format } = parseInput(TemplateQuerySchema, request.query ?? {});
    const body = format === 'xlsx' ? await templateXlsx() : templateCsv();
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="people-import-template.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.post(peopleImportPaths.parse, { config: access('POST') }, async (request): Promise<ParsedSpreadsheet> => {
    const { companyId } = contextOf(request);
    const { name, bytes } = await uploadedBytes(request);
    const sheet = await readSpreadsheet(bytes);
    const remembered = await withTenant(deps.db, companyId, (trx) => getImportMapping(trx, companyId));
    return {
      file_name: name.replace(/[^\p{L}\p{N} ._()-]/gu, '_'),
      headers: sheet.headers,
      rows: sheet.rows,
      mapping: guessMapping(sheet.headers, remembered ?? {}),
      remembered: remembered !== undefined,
    };
  });

  app.post(peopleImportPaths.preview, { config: access('POST'), bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
    previewImport(contextOf(request), parseInput(PeopleImportInputSchema, request.body)),
  );

  app.post(peopleImportPaths.run, { config: access('POST'), bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    const context = contextOf(request);
    const body = parseInput(PeopleImportInputSchema, request.body);
    const preview = await checkImport(context, body);
    const stream = new PassThrough();
    const send = (line: ImportStreamLine) => stream.write(`${JSON.stringify(line)}\n`);
    const total = preview.counts.new + preview.counts.updated;
    send({ type: 'progress', done: 0, total });
    let last = 0;
    const step = Math.max(1, Math.floor(total / 50));
    void runImport(context, body, (done) => {
      if (done - last >= step || done === total) {
        last = done;
        send({ type: 'progress', done, total });
      }
    })
      .then((result) => send({ type: 'result', result }))
      .catch((error: unknown) => {
        if (error instanceof ImportRowRefused) send({ type: 'error', status: 422, message: error.message, rows: error.rows });
        else if (error instanceof AppError && error.status < 500) send({ type: 'error', status: error.status, message: error.message });
        else {
          request.log.error({ err: error }, 'people import failed');
          send({ type: 'error', status: 500, message: M.failed });
        }
      })
      .finally(() => stream.end());
    return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
  });
};
