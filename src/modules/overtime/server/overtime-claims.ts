// What the overtime module offers others (module-hooks.ts `overtimeClaims`): what a person may
// claim overtime as, and a claim filed as the overtime form files it — the same checks and the
// same approvers asked. The time clock's offers of time worked beyond a shift use it.
import type { OvertimeClaims } from '../../../server/module-hooks';
import { findPersonSubject } from '../../../server/http/person-subject.queries';
import { AppError } from '../../../shared/app-error';
import { overtimeMessages } from '../overtime.contract';
import { findAllowance, findCompanyOvertime, findRates } from './overtime.queries';
import { fileReport } from './overtime.service';

export const overtimeClaims: OvertimeClaims = {
  async options(trx, person) {
    const company = await findCompanyOvertime(trx, person.companyId);
    const allowance = await findAllowance(trx, person);
    const rates = await findRates(trx, person.companyId);
    return {
      enabled: company.overtime_enabled,
      paid: allowance.allow_payable_overtime && rates.length > 0,
      toil: allowance.allow_toil_overtime,
      rates: rates.map((rate) => ({ id: rate.id, name: rate.name, multiplier: rate.multiplier })),
    };
  },
  async claim(trx, caller, claim) {
    const subject = await findPersonSubject(trx, { companyId: claim.companyId, userId: claim.userId });
    if (!subject) throw AppError.notFound();
    const rateId = claim.compensation === 'paid' ? (claim.rateId ?? (await findRates(trx, claim.companyId))[0]?.id ?? null) : null;
    if (claim.compensation === 'paid' && !rateId) throw AppError.validation({ overtime_rate_id: [overtimeMessages.rateRequired] });
    return fileReport(trx, caller, {
      companyId: claim.companyId,
      userId: claim.userId,
      name: subject.name,
      date: claim.date,
      start_time: null,
      end_time: null,
      hours: claim.hours,
      reason: claim.reason,
      compensation: claim.compensation,
      overtime_rate_id: rateId,
    });
  },
};
