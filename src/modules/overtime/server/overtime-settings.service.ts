// The company's overtime settings: the rates overtime is paid at (pay-rate types with a
// multiplier and a payroll element code) and how long time off in lieu lasts; and what the
// report form needs about a person (may they claim paid or TOIL overtime, at which rates).
import { recordCompanyWrite } from '../../../server/audit/company-write';
import { withTenant } from '../../../server/db/database';
import { mayActOn } from '../../../server/http/person-access';
import { findPersonSubject } from '../../../server/http/person-subject.queries';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  OVERTIME_ENDPOINTS,
  OVERTIME_INVALIDATES,
  overtimeMessages,
  type OvertimeAllowance,
  type OvertimeSettings,
  type OvertimeSettingsInput,
} from '../overtime.contract';
import { countPayRateTypes, findAllowance, findCompanyOvertime, findPayRateTypes, findRates } from './overtime.queries';
import { saveOvertimeSettings as saveRows } from './overtime.queries';
import type { OvertimeCaller } from './overtime.service';

type Caller = Pick<OvertimeCaller, 'db' | 'session' | 'source'>;

export async function getOvertimeSettings(caller: Caller): Promise<OvertimeSettings> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const company = await findCompanyOvertime(trx, companyId);
    return { ...company, rates: await findRates(trx, companyId), pay_rate_types: await findPayRateTypes(trx, companyId) };
  });
}

export async function saveOvertimeSettings(caller: Caller, input: OvertimeSettingsInput): Promise<OvertimeSettings> {
  const companyId = requireCompany(caller.session);
  await withTenant(caller.db, companyId, async (trx) => {
    const ids = input.rates.map((rate) => rate.pay_rate_type_id);
    if ((await countPayRateTypes(trx, { companyId, ids })) !== ids.length)
      throw AppError.validation({ rates: [overtimeMessages.unknownRate] });
    await saveRows(trx, companyId, input);
    await recordCompanyWrite(trx, {
      caller,
      companyId,
      action: 'overtime.settings_saved',
      targetType: 'overtime_settings',
      targetId: companyId,
      invalidates: OVERTIME_INVALIDATES.settings,
      details: { toil_expiry_months: input.toil_expiry_months, rates: input.rates.length },
    });
  });
  return getOvertimeSettings(caller);
}

/** What the person may claim and at which rates: the caller themselves, or someone in their reporting scope. */
export async function getAllowance(caller: Caller, userId: string | undefined): Promise<OvertimeAllowance> {
  const companyId = requireCompany(caller.session);
  const subjectId = userId ?? caller.session.userId;
  return withTenant(caller.db, companyId, async (trx) => {
    if (subjectId !== caller.session.userId) {
      const subject = await findPersonSubject(trx, { companyId, userId: subjectId });
      if (!subject) throw AppError.notFound();
      if (!mayActOn(caller.session, subject, OVERTIME_ENDPOINTS.report, 'POST')) throw AppError.forbidden();
    }
    const company = await findCompanyOvertime(trx, companyId);
    return {
      overtime_enabled: company.overtime_enabled,
      ...(await findAllowance(trx, { companyId, userId: subjectId })),
      rates: await findRates(trx, companyId),
    };
  });
}
