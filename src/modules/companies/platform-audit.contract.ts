// The platform audit (GET /api/platform-audit, administrators): access requests, impersonated
// sessions and what was done in them, status changes, administrator changes and orders —
// filtered by kind, date and company, paged, or exported as CSV (`format=csv`).
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import type { ListResponse } from '../../shared/list';

export const PLATFORM_AUDIT_ENDPOINT = '/api/platform-audit';
export const AUDIT_KINDS = ['access_requests', 'impersonation', 'status', 'administrators', 'orders'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  access_requests: 'Access requests',
  impersonation: 'Impersonated sessions',
  status: 'Companies and status changes',
  administrators: 'Administrator changes',
  orders: 'Orders',
};
/** The most rows one CSV export holds. */
export const AUDIT_EXPORT_LIMIT = 10_000;

export type PlatformAuditEntry = {
  id: number;
  created_at: string;
  action: string;
  company_id: string | null;
  company_name: string | null;
  actor_name: string | null;
  actor_email: string | null;
  impersonator_name: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
};
export type PlatformAuditPage = ListResponse<PlatformAuditEntry>;

const one = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.pipe(
    v.union([v.string(), v.array(v.string())], 'Not a valid filter.'),
    v.transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value)),
    schema,
  );
const isoDate = v.pipe(v.string(), v.check(isIsoDate, 'This is not a valid date.'));

export const PlatformAuditQuerySchema = v.object({
  kind: v.optional(one(v.picklist(AUDIT_KINDS, 'Unknown kind.'))),
  from: v.optional(one(isoDate)),
  to: v.optional(one(isoDate)),
  company_id: v.optional(one(v.pipe(v.string(), v.uuid('This is not a valid company.')))),
  format: v.optional(one(v.picklist(['json', 'csv'], 'Unknown format.'))),
});
export type PlatformAuditQuery = v.InferOutput<typeof PlatformAuditQuerySchema>;
