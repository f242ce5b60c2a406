// The demo company's payroll: monthly pay periods from 1 January, a payroll bureau as the
// payroll contact, and the current period ready to review (the overtime demo's approved paid
// overtime and the leave demo's sickness and unpaid days land in it).
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { londonDate } from '../../../shared/dates';
import { savePayrollSettings } from './payroll.queries';

export async function seedPayrollDemo(trx: Trx, company: DemoCompany): Promise<void> {
  await savePayrollSettings(trx, company.companyId, {
    frequency: 'monthly',
    first_period_start: `${londonDate(new Date()).slice(0, 4)}-01-01`,
    payroll_contact_email: 'payroll@bureau.demo.test',
  });
}
