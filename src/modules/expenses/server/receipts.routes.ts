// Receipts of a claim: uploaded by the claimant while the claim can still change (photos or
// PDFs, checked by their bytes, kept in the platform's private file storage), downloaded one
// by one or all together as a zip by whoever may read the claim, and removed by the claimant.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import yazl from 'yazl';
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, auditCallerOf } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { sendFile } from '../../../server/files/downloads';
import { attachmentDisposition, sanitiseFileName, uniqueNames } from '../../../server/files/file-names';
import { FILE_TYPES } from '../../../server/files/file-types';
import { receiveUpload } from '../../../server/files/uploads';
import { requireCompany, requireSession } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import {
  EXPENSE_ENDPOINT,
  expenseMessages,
  expensePaths,
  RECEIPT_MAX_BYTES,
  ReceiptFieldsSchema,
  type ExpenseReceipt,
} from '../expenses.contract';
import { publishClaimChange } from './claim-notify';
import { lockOwnClaim, readClaim } from './claims.service';
import { findItems } from './claims.queries';
import { deleteReceipt, findReceipts, insertReceipt } from './claims-read.queries';

const RECEIPT_TYPES = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.webp, FILE_TYPES.heic, FILE_TYPES.heif, FILE_TYPES.pdf];
/** A zip of one claim's receipts is built in memory: 50 receipts of 10 MB at most. */
const ZIP_MAX_BYTES = 100 * 1024 * 1024;

const access = (method: 'GET' | 'POST' | 'DELETE') => ({ config: { access: { endpoint: EXPENSE_ENDPOINT, method } } });

function params(request: FastifyRequest): { id: string; receiptId: string } {
  const { id = '', receiptId = '' } = request.params as { id?: string; receiptId?: string };
  if (!isUuid(id) || (receiptId !== '' && !isUuid(receiptId))) throw AppError.notFound();
  return { id, receiptId };
}

export function mountReceipts(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.post(`${expensePaths.claims}/:id/receipts`, access('POST'), async (request, reply) => {
    const session = requireSession(request);
    const companyId = requireCompany(session, 'not_found');
    const { id } = params(request);
    const receipt = await withTenant(db, companyId, async (trx): Promise<ExpenseReceipt> => {
      await lockOwnClaim(trx, session, companyId, id);
      const items = new Set((await findItems(trx, { companyId, claimId: id })).map((item) => item.id));
      let itemId = '';
      const { file } = await receiveUpload(request, {
        db: trx,
        companyId,
        userId: session.userId,
        maxBytes: RECEIPT_MAX_BYTES,
        allowedTypes: RECEIPT_TYPES,
        validateFields: (fields) => {
          const parsed = v.safeParse(ReceiptFieldsSchema, fields);
          if (!parsed.success || !items.has(parsed.output.item_id)) throw AppError.validation({ item_id: [expenseMessages.unknownItem] });
          itemId = parsed.output.item_id;
        },
      });
      const receiptId = await insertReceipt(trx, { companyId, claimId: id, itemId, fileId: file.id });
      await auditCaller(trx, auditCallerOf(request), {
        companyId,
        action: 'expense.receipt_added',
        targetType: 'expense',
        targetId: id,
        details: { file_id: file.id },
      });
      await publishClaimChange(trx, companyId);
      return {
        id: receiptId,
        item_id: itemId,
        name: file.original_name,
        mime_type: file.mime_type,
        size_bytes: file.size_bytes,
        download_path: expensePaths.receipt(id, receiptId),
      };
    });
    return reply.code(201).send(receipt);
  });

  app.get(`${expensePaths.claims}/:id/receipts/:receiptId`, access('GET'), async (request, reply) => {
    const session = requireSession(request);
    const { id, receiptId } = params(request);
    // Reading the claim checks the caller's reach (404 or 403).
    if (!(await readClaim(db, session, id))) throw AppError.notFound();
    const companyId = requireCompany(session, 'not_found');
    const [receipt] = await withTenant(db, companyId, (trx) => findReceipts(trx, { companyId, claimId: id, receiptId }));
    if (!receipt) throw AppError.notFound();
    return sendFile(reply, {
      id: receipt.file_id,
      storage_key: receipt.storage_key,
      original_name: receipt.original_name,
      mime_type: receipt.mime_type,
    });
  });

  app.get(`${expensePaths.claims}/:id/receipts.zip`, access('GET'), async (request, reply) => {
    const session = requireSession(request);
    const { id } = params(request);
    if (!(await readClaim(db, session, id))) throw AppError.notFound();
    const companyId = requireCompany(session, 'not_found');
    const receipts = await withTenant(db, companyId, (trx) => findReceipts(trx, { companyId, claimId: id }));
    if (receipts.length === 0) throw AppError.notFound('This claim has no receipts.');
    if (receipts.reduce((sum, receipt) => sum + receipt.size_bytes, 0) > ZIP_MAX_BYTES) {
      throw new AppError('payloadTooLarge', { message: 'These receipts are too large to download together.' });
    }
    // Every file is read before the first byte goes out, so a missing one is still a status.
    const buffers: Buffer[] = [];
    for (const receipt of receipts) {
      const chunks: Buffer[] = [];
      for await (const chunk of await app.fileStorage.open(receipt.storage_key)) chunks.push(chunk as Buffer);
      buffers.push(Buffer.concat(chunks));
    }
    const names = uniqueNames(receipts.map((receipt) => sanitiseFileName(receipt.original_name)));
    const zip = new yazl.ZipFile();
    const now = new Date();
    buffers.forEach((data, index) => zip.addBuffer(data, names[index] ?? `receipt-${index + 1}`, { compress: false, mtime: now }));
    zip.end();
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(`receipts-${id.slice(0, 8)}.zip`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(zip.outputStream);
  });

  app.delete(`${expensePaths.claims}/:id/receipts/:receiptId`, access('DELETE'), async (request, reply) => {
    const session = requireSession(request);
    const companyId = requireCompany(session, 'not_found');
    const { id, receiptId } = params(request);
    const key = await withTenant(db, companyId, async (trx) => {
      await lockOwnClaim(trx, session, companyId, id);
      const removed = await deleteReceipt(trx, { companyId, claimId: id, receiptId });
      if (!removed) throw AppError.notFound();
      await auditCaller(trx, auditCallerOf(request), {
        companyId,
        action: 'expense.receipt_removed',
        targetType: 'expense',
        targetId: id,
        details: null,
      });
      await publishClaimChange(trx, companyId);
      return removed;
    });
    await app.fileStorage.delete(key).catch((error: unknown) => request.log.error({ err: error }, 'could not delete a removed receipt'));
    return reply.code(204).send();
  });
}
