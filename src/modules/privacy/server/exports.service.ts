// Subject access exports: asking for one (owners and HR admins for anyone in the company; a
// person for themselves when the company allows it), watching it, downloading it. The request
// and every download are audited; the zip is built by the privacy-exports job.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db } from '../../../server/db/database';
import { getFile } from '../../../server/files/files.queries';
import { withPerson } from '../../../server/http/person-access';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { levelFor } from '../../../shared/scopes';
import { PERSONAL_DATA_EXPORTS_ENDPOINT, privacyMessages, type PersonalDataExport } from '../privacy.contract';
import { findPrivacySettings, getExport, insertExport, listExports, markDownloaded, type ExportRow } from './privacy.queries';

export type PrivacyCaller = AuditCaller & { db: Db };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function exportView(row: ExportRow, now = new Date()): PersonalDataExport {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expires_at !== null && row.expires_at < now);
  return {
    id: row.id,
    userId: row.user_id,
    personName: row.person_name,
    requestedBy: row.requested_by,
    requestedByName: row.requested_by_name,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    total: row.total,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
    downloadedAt: iso(row.downloaded_at),
  };
}

function levelOf(caller: PrivacyCaller, method: 'GET' | 'POST') {
  const level = levelFor(caller.session.permissions, PERSONAL_DATA_EXPORTS_ENDPOINT, method);
  if (level === null) throw AppError.forbidden();
  return level;
}

export async function requestExport(caller: PrivacyCaller, input: { userId: string }): Promise<PersonalDataExport> {
  const { session } = caller;
  const level = levelOf(caller, 'POST');
  if (level === 'own' && input.userId !== session.userId) throw AppError.forbidden(privacyMessages.notYours);
  return withPerson(
    caller.db,
    { session, userId: input.userId, endpoint: PERSONAL_DATA_EXPORTS_ENDPOINT, method: 'POST' },
    async ({ trx, companyId }) => {
      if (level === 'own' && !(await findPrivacySettings(trx, companyId))?.self_export_allowed) {
        throw AppError.forbidden(privacyMessages.selfExportOff);
      }
      const id = await insertExport(trx, { companyId, userId: input.userId, requestedBy: session.userId });
      await auditCaller(trx, caller, {
        companyId,
        action: 'personal-data-export.requested',
        targetType: 'user',
        targetId: input.userId,
        details: { exportId: id },
      });
      const row = await getExport(trx, { companyId, id });
      return exportView(row!);
    },
  );
}

export async function exportsOf(caller: PrivacyCaller, query: { userId?: string }): Promise<PersonalDataExport[]> {
  const level = levelOf(caller, 'GET');
  const companyId = requireCompany(caller.session);
  const userId = level === 'own' ? caller.session.userId : query.userId;
  if (level !== 'own' && level !== 'company' && level !== 'global') throw AppError.forbidden();
  const rows = await withTenant(caller.db, companyId, (trx) => listExports(trx, { companyId, ...(userId ? { userId } : {}) }));
  return rows.map((row) => exportView(row));
}

async function visibleExport(caller: PrivacyCaller, trx: Parameters<typeof getExport>[0], id: string): Promise<ExportRow> {
  const level = levelOf(caller, 'GET');
  const companyId = requireCompany(caller.session);
  const row = await getExport(trx, { companyId, id });
  if (!row || (level === 'own' && row.user_id !== caller.session.userId)) throw AppError.notFound();
  if (level !== 'own' && level !== 'company' && level !== 'global') throw AppError.forbidden();
  return row;
}

export async function exportById(caller: PrivacyCaller, id: string): Promise<PersonalDataExport> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => exportView(await visibleExport(caller, trx, id)));
}

/** The stored zip of a ready export, its download recorded and audited. */
export async function exportDownload(caller: PrivacyCaller, id: string) {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await visibleExport(caller, trx, id);
    const view = exportView(row);
    if (view.status === 'expired') throw new AppError('conflict', { message: privacyMessages.expired });
    if (view.status !== 'ready' || !row.file_id) throw new AppError('conflict', { message: privacyMessages.notReady });
    const file = await getFile(trx, { companyId, id: row.file_id });
    if (!file) throw AppError.notFound();
    await markDownloaded(trx, { companyId, id });
    await auditCaller(trx, caller, {
      companyId,
      action: 'personal-data-export.downloaded',
      targetType: 'user',
      targetId: row.user_id,
      details: { exportId: id },
    });
    return file;
  });
}
