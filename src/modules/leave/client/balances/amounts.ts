// How leave amounts read on screen: "3 days", "0.5 days", "7.5 hours", and signed changes
// ("+1.5 days") in a value's history. Two decimals at most: deductions are in half days or
// quarter hours, accruals (12.07%) may be finer.
import { amountInWords } from '../../../../shared/dates';
import type { PeriodValue } from '../../leave-balances.contract';
import type { LeaveUnit, ValueLogKind } from '../../leave.contract';

export function formatNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

export const formatAmount = (value: number, unit: LeaveUnit) => amountInWords(value, unit);

export function formatChange(value: number, unit: LeaveUnit): string {
  return `${value > 0 ? '+' : ''}${formatAmount(value, unit)}`;
}

export const VALUE_LOG_KIND_LABELS: Record<ValueLogKind, string> = {
  entitlement: 'Entitlement',
  carry_over: 'Carried over',
  adjustment: 'Adjustment',
  accrual: 'Accrual',
  hours_worked: 'Hours worked',
  service: 'Length of service',
  expiry: 'Carry-over expired',
  bank_holidays: 'Bank holidays',
  absence: 'Absence',
  absence_cancelled: 'Absence cancelled',
  imported: 'Taken before import',
  sickness_carry_over: 'Carried over after sickness',
  sickness_expiry: 'Carried-over sickness leave expired',
};

/** The year's total: entitlement, the policy's carry-over and leave carried after sickness (WTR reg 13(10)). */
export function yearTotal(value: Pick<PeriodValue, 'entitlement' | 'carried_over' | 'sickness_carry_overs'>): number {
  return value.entitlement + value.carried_over + value.sickness_carry_overs.reduce((sum, line) => sum + line.amount, 0);
}
