// A policy template in plain words, for the policies list and beside the form's allowance:
// "28 days for a full-time 5-day week; part-timers get it pro rata, rounded up to the
// nearest half day." Pro-rata always rounds up (UK practice: never below the statutory minimum).
import { type PolicyTemplateInput } from '../../leave-settings.contract';
import { BANK_HOLIDAYS_MODE_LABELS } from '../../leave.contract';
import { formatAmount, formatNumber } from '../balances/amounts';

type Described = Pick<
  PolicyTemplateInput,
  | 'unit'
  | 'allowance'
  | 'full_time_days_per_week'
  | 'full_time_hours_per_week'
  | 'accrual'
  | 'bank_holidays'
  | 'carry_over_max'
  | 'carry_over_expiry_months'
  | 'allow_negative'
  | 'service_steps'
>;

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

export function allowanceSentence(policy: Described): string {
  const unit = policy.unit ?? 'days';
  if (policy.accrual === 'hours_worked') return 'Leave builds up at 12.07% of the hours worked (irregular-hours and part-year workers).';
  const amount = formatAmount(policy.allowance ?? 0, unit);
  return unit === 'days'
    ? `${amount} for a full-time ${formatNumber(policy.full_time_days_per_week ?? 5)}-day week; part-timers get it pro rata, rounded up to the nearest half day.`
    : `${amount} for a full-time ${formatNumber(policy.full_time_hours_per_week ?? 37.5)}-hour week; part-timers get it pro rata, rounded up to the nearest quarter hour.`;
}

export function describePolicy(policy: Described): string[] {
  const unit = policy.unit ?? 'days';
  const lines = [allowanceSentence(policy)];
  if (policy.accrual === 'monthly') lines.push('It builds up month by month through the leave year.');
  lines.push(`Bank holidays: ${BANK_HOLIDAYS_MODE_LABELS[policy.bank_holidays ?? 'included'].toLowerCase()}.`);
  const carry = policy.carry_over_max ?? 0;
  const months = policy.carry_over_expiry_months ?? 0;
  if (carry > 0) {
    lines.push(
      `Up to ${formatAmount(carry, unit)} carry over to the next leave year${months > 0 ? `, to be used within ${plural(months, 'month')}` : ''}.`,
    );
  } else {
    lines.push('Nothing carries over to the next leave year.');
  }
  if (policy.allow_negative) lines.push('Balances may go below zero.');
  for (const step of policy.service_steps ?? []) {
    lines.push(`After ${plural(step.after_years, 'year')} of service: ${formatAmount(step.extra, unit)} more.`);
  }
  return lines;
}
