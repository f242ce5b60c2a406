// The SQL of signing: requests and their signers, the append-only evidence trail and the
// company's sealing certificate.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { SignOrdering, TrailEvent } from '../documents.contract';
import './documents-tables';

export type TrailFacts = {
  companyId: string;
  documentId: string;
  requestId: string | null;
  event: TrailEvent;
  actorId: string | null;
  actorName: string;
  identification: string;
  ip: string | null;
  userAgent: string | null;
  sha256: string | null;
  detail?: string;
};

export async function appendTrail(trx: Trx, facts: TrailFacts): Promise<void> {
  await trx
    .insertInto('document_events')
    .values({
      company_id: facts.companyId,
      created_at: new Date(),
      document_id: facts.documentId,
      request_id: facts.requestId,
      event: facts.event,
      actor_id: facts.actorId,
      actor_name: facts.actorName,
      identification: facts.identification,
      ip: facts.ip,
      user_agent: facts.userAgent,
      sha256: facts.sha256,
      detail: facts.detail ?? '',
    })
    .execute();
}

export async function findTrail(trx: Trx, input: { companyId: string; documentId: string; requestId?: string }) {
  let query = trx
    .selectFrom('document_events')
    .select(['event', 'created_at', 'actor_name', 'identification', 'ip', 'user_agent', 'sha256', 'detail', 'request_id'])
    .where('company_id', '=', input.companyId)
    .where('document_id', '=', input.documentId);
  if (input.requestId) query = query.where('request_id', '=', input.requestId);
  return query.orderBy('seq').execute();
}

export async function insertSignRequest(
  trx: Trx,
  input: {
    companyId: string;
    documentId: string;
    versionId: string;
    ordering: SignOrdering;
    message: string;
    dueDate: string | null;
    createdBy: string;
    signerIds: string[];
  },
): Promise<string> {
  const request = await trx
    .insertInto('document_sign_requests')
    .values({
      company_id: input.companyId,
      document_id: input.documentId,
      version_id: input.versionId,
      ordering: input.ordering,
      message: input.message,
      due_date: input.dueDate,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('document_signers')
    .values(
      input.signerIds.map((userId, index) => ({
        company_id: input.companyId,
        request_id: request.id,
        user_id: userId,
        position: index + 1,
        status: input.ordering === 'parallel' || index === 0 ? ('pending' as const) : ('waiting' as const),
      })),
    )
    .execute();
  return request.id;
}

export type SignRequestRow = {
  id: string;
  document_id: string;
  version_id: string;
  version_sha256: string;
  ordering: SignOrdering;
  message: string;
  due_date: string | null;
  status: 'pending' | 'completed' | 'declined' | 'voided';
  final_file_id: string | null;
  final_sha256: string | null;
  created_at: Date;
  completed_at: Date | null;
  void_reason: string | null;
  created_by: string | null;
};

/** The latest request of a document, locked for a change when `forUpdate`. */
export async function findLatestRequest(trx: Trx, input: { companyId: string; documentId: string; forUpdate?: boolean }) {
  const { rows } = await sql<SignRequestRow>`
    select r.id, r.document_id, r.version_id, v.sha256 as version_sha256, r.ordering, r.message, r.due_date, r.status,
           r.final_file_id, r.final_sha256, r.created_at, r.completed_at, r.void_reason, r.created_by
    from document_sign_requests r join document_versions v on v.id = r.version_id
    where r.company_id = ${input.companyId} and r.document_id = ${input.documentId}
    order by r.created_at desc limit 1 ${input.forUpdate ? sql`for update of r` : sql``}`.execute(trx);
  return rows[0];
}

export type SignerRow = {
  id: string;
  user_id: string;
  name: string;
  email: string;
  position: number;
  status: 'waiting' | 'pending' | 'signed' | 'declined' | 'voided';
  signed_at: Date | null;
  signature_kind: 'drawn' | 'typed' | null;
  signature_png: Buffer | null;
  typed_name: string | null;
  decline_reason: string | null;
};

export async function findSigners(trx: Trx, input: { companyId: string; requestId: string }): Promise<SignerRow[]> {
  const { rows } = await sql<SignerRow>`
    select s.id, s.user_id, trim(u.first_name || ' ' || u.surname) as name, u.email, s.position, s.status, s.signed_at,
           s.signature_kind, s.signature_png, s.typed_name, s.decline_reason
    from document_signers s join users u on u.id = s.user_id
    where s.company_id = ${input.companyId} and s.request_id = ${input.requestId} order by s.position`.execute(trx);
  return rows;
}

export async function markSigned(
  trx: Trx,
  input: { signerId: string; kind: 'drawn' | 'typed'; png: Buffer | null; typedName: string | null; at: Date },
): Promise<void> {
  await trx
    .updateTable('document_signers')
    .set({ status: 'signed', signed_at: input.at, signature_kind: input.kind, signature_png: input.png, typed_name: input.typedName })
    .where('id', '=', input.signerId)
    .execute();
}

export async function setSignerStatus(
  trx: Trx,
  input: { signerIds: string[]; status: 'pending' | 'declined' | 'voided'; reason?: string },
) {
  if (input.signerIds.length === 0) return;
  await trx
    .updateTable('document_signers')
    .set({ status: input.status, ...(input.reason !== undefined ? { decline_reason: input.reason } : {}) })
    .where('id', 'in', input.signerIds)
    .execute();
}

export async function finishRequest(
  trx: Trx,
  input: {
    requestId: string;
    status: 'completed' | 'declined' | 'voided';
    finalFileId?: string;
    finalSha256?: string;
    voidReason?: string;
  },
) {
  await trx
    .updateTable('document_sign_requests')
    .set({
      status: input.status,
      completed_at: input.status === 'completed' ? new Date() : null,
      final_file_id: input.finalFileId ?? null,
      final_sha256: input.finalSha256 ?? null,
      void_reason: input.voidReason ?? null,
    })
    .where('id', '=', input.requestId)
    .execute();
}

/** Whether the user has turned on two-factor sign-in (then their session was opened with a code). */
export async function findIdentity(trx: Trx, userId: string) {
  const { rows } = await sql<{ name: string; email: string; two_factor: boolean }>`
    select trim(first_name || ' ' || surname) as name, email, coalesce(two_factor_enabled, false) as two_factor from users where id = ${userId}`.execute(
    trx,
  );
  return rows[0];
}

export async function findSealCertificate(trx: Trx, companyId: string) {
  return trx.selectFrom('document_seal_certificates').select(['p12', 'passphrase']).where('company_id', '=', companyId).executeTakeFirst();
}

export async function saveSealCertificate(trx: Trx, input: { companyId: string; p12: Buffer; passphrase: string }) {
  await trx
    .insertInto('document_seal_certificates')
    .values({ company_id: input.companyId, p12: input.p12, passphrase: input.passphrase })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  return findSealCertificate(trx, input.companyId);
}

/** The company's own certificate in place of the one it has (generated or uploaded before). */
export async function replaceSealCertificate(trx: Trx, input: { companyId: string; p12: Buffer; passphrase: string }): Promise<void> {
  await trx
    .insertInto('document_seal_certificates')
    .values({ company_id: input.companyId, p12: input.p12, passphrase: input.passphrase })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ p12: input.p12, passphrase: input.passphrase, created_at: sql`now()` }))
    .execute();
}

/** Back to a generated certificate: the next completed document makes one. */
export async function deleteSealCertificate(trx: Trx, companyId: string): Promise<boolean> {
  const result = await trx.deleteFrom('document_seal_certificates').where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCompanyName(trx: Trx, companyId: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from companies where id = ${companyId}`.execute(trx);
  return rows[0]?.name ?? 'Company';
}

/** Signers whose turn it is, not reminded (nor asked) in the last `hours`, across companies (the reminder job). */
export async function findSignersToRemind(trx: Trx, input: { hours: number; limit: number }) {
  const { rows } = await sql<{
    signer_id: string;
    company_id: string;
    user_id: string;
    document_id: string;
    title: string;
    due_date: string | null;
  }>`
    select s.id as signer_id, s.company_id, s.user_id, r.document_id, d.title, r.due_date
    from document_signers s join document_sign_requests r on r.id = s.request_id join documents d on d.id = r.document_id
    where s.status = 'pending' and r.status = 'pending' and d.archived_at is null
      and coalesce(s.reminded_at, r.created_at) < now() - make_interval(hours => ${input.hours})
    order by coalesce(s.reminded_at, r.created_at) limit ${input.limit}`.execute(trx);
  return rows;
}

export async function markReminded(trx: Trx, signerId: string): Promise<void> {
  await trx.updateTable('document_signers').set({ reminded_at: new Date() }).where('id', '=', signerId).execute();
}

export type DueSignRequest = { id: string; document_id: string; title: string; due_date: string; mine: boolean };

/** Open signing requests due between two dates that the viewer still has to sign (now or in their turn), or asked for. */
export async function findDueSignRequests(
  trx: Trx,
  input: { companyId: string; userId: string; from: string; to: string },
): Promise<DueSignRequest[]> {
  const { rows } = await sql<DueSignRequest>`
    select r.id, r.document_id, d.title, r.due_date::text as due_date,
      exists (select 1 from document_signers s where s.request_id = r.id and s.user_id = ${input.userId} and s.status in ('pending', 'waiting')) as mine
    from document_sign_requests r join documents d on d.id = r.document_id and d.company_id = r.company_id
    where r.company_id = ${input.companyId} and r.status = 'pending' and d.archived_at is null
      and r.due_date between ${input.from}::date and ${input.to}::date
      and (r.created_by = ${input.userId}
        or exists (select 1 from document_signers s where s.request_id = r.id and s.user_id = ${input.userId} and s.status in ('pending', 'waiting')))
    order by r.due_date, d.title`.execute(trx);
  return rows;
}
