// A report as the API returns it, from its row, with what the viewer may do with it.
import type { Session } from '../../../server/plugins/request-context';
import { levelFor, scopeRank } from '../../../shared/scopes';
import type { OvertimeReport } from '../overtime.contract';
import type { OvertimeViewRow } from './overtime.queries';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Paid overtime's hours × multiplier; time off in lieu is hour for hour. */
export function payableHours(row: Pick<OvertimeViewRow, 'hours' | 'compensation' | 'multiplier'>): number {
  return row.compensation === 'paid' ? round2(row.hours * (row.multiplier ?? 1)) : row.hours;
}

/** Cost of paid overtime from the person's hourly pay: a rate of the overtime type is taken as is, another is multiplied. */
export function estimatedCost(
  row: Pick<OvertimeViewRow, 'hours' | 'compensation' | 'multiplier' | 'hourly_rate' | 'rate_is_specific'>,
): number | null {
  if (row.compensation !== 'paid' || row.hourly_rate === null) return null;
  return round2(row.rate_is_specific ? row.hours * row.hourly_rate : row.hours * row.hourly_rate * (row.multiplier ?? 1));
}

/** Pay is the person's own business and that of those reading pay company-wide. */
function seesPay(session: Session, userId: string): boolean {
  if (userId === session.userId) return true;
  const level = levelFor(session.permissions, '/api/user-pay-rate', 'GET');
  return level !== null && scopeRank(level) >= scopeRank('company');
}

export function toReport(row: OvertimeViewRow, session: Session): OvertimeReport {
  const isPerson = row.user_id === session.userId;
  return {
    id: row.id,
    user: { id: row.user_id, name: row.person_name, department: row.department_name },
    date: row.date,
    start_time: row.start_time,
    end_time: row.end_time,
    hours: row.hours,
    reason: row.reason,
    compensation: row.compensation,
    rate: row.overtime_rate_id && row.rate_name ? { id: row.overtime_rate_id, name: row.rate_name, multiplier: row.multiplier ?? 1 } : null,
    payable_hours: payableHours(row),
    estimated_cost: seesPay(session, row.user_id) ? estimatedCost(row) : null,
    status: row.status,
    decline_reason: row.decline_reason,
    reported_by: row.reported_by && row.reporter_name ? { id: row.reported_by, name: row.reporter_name } : null,
    decided_by: row.decided_by && row.decider_name ? { id: row.decided_by, name: row.decider_name } : null,
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    toil_expires_on: row.toil_expires_on,
    exported_at: row.exported_at ? row.exported_at.toISOString() : null,
    can_approve: row.status === 'reported' && row.approvable && !isPerson,
    can_cancel: row.status === 'reported' && (isPerson || row.reported_by === session.userId),
  };
}
