// The audit log (migration 0005): who did what to which record, from where. The application
// role can only add and read entries; reading is limited to the transaction's company.
import type { ColumnType, Generated } from 'kysely';
import type { DbOrTrx } from '../db/database';

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  impersonator_id: string | null;
  company_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<Record<string, unknown> | null, string | null, never>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
}

declare module '../db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}

/** Where a request came from, as the audit log records it. */
export type AuditSource = { ip: string | null; userAgent: string | null };

export type AuditEntry = AuditSource & {
  /** The signed-in user, or the account a sign-in was for; null when there is none. */
  actorId: string | null;
  /** The administrator behind an impersonated session. */
  impersonatorId?: string | null;
  /** null only for entries that belong to no company (administrators, unknown addresses). */
  companyId: string | null;
  /** A dotted verb: "login.succeeded", "password.changed". */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
};

/** What an entry no person made (a scheduled job) has for its actor and request: nothing. */
export const BY_THE_SYSTEM = { actorId: null, impersonatorId: null, ip: null, userAgent: null } as const;

/**
 * Adds one entry. Call it in the transaction of the change it records, in that change's
 * scope: the tenant policy checks that `companyId` is the transaction's company.
 */
export async function recordAudit(db: DbOrTrx, entry: AuditEntry): Promise<void> {
  await recordAuditEntries(db, [entry]);
}

/** Several audit entries in one statement (a bulk action records one per person). */
export async function recordAuditEntries(db: DbOrTrx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        actor_id: entry.actorId,
        impersonator_id: entry.impersonatorId ?? null,
        company_id: entry.companyId,
        action: entry.action,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        ip: entry.ip,
        user_agent: entry.userAgent,
      })),
    )
    .execute();
}
