// The demo company's overtime: switched on with two rates (the existing "Overtime" pay-rate
// type at time and a half, and "Double time"), TOIL lasting six months, the Operations and
// Kitchen people allowed both kinds, two reports waiting for Marcus, an approved
// time-off-in-lieu report of Ella's (credited to her balance through the leave module's
// ledger), approved paid overtime for the pay period to review, and a declined one.
import { timeOffInLieuLedger } from '../../../server/module-hooks';
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { allowOvertime, findDepartmentPeople, insertRate, payRateType, switchOvertimeOn } from './overtime-demo.queries';
import { insertReport } from './overtime.queries';
import { addMonths } from './overtime.service';

export async function seedOvertimeDemo(trx: Trx, company: DemoCompany): Promise<void> {
  const { companyId } = company;
  await switchOvertimeOn(trx, companyId);
  const timeAndHalf = await insertRate(trx, {
    companyId,
    payRateTypeId: await payRateType(trx, companyId, 'Overtime'),
    multiplier: 1.5,
    code: 'OT15',
  });
  const double = await insertRate(trx, {
    companyId,
    payRateTypeId: await payRateType(trx, companyId, 'Double time'),
    multiplier: 2,
    code: 'OT20',
  });

  const marcus = company.accounts['manager@demo.test'];
  const ella = company.accounts['employee@demo.test'];
  const owner = company.accounts['owner@demo.test'];
  if (!marcus || !ella || !owner) return;
  const without = [marcus, ella, owner];
  const operations = await findDepartmentPeople(trx, { companyId, departmentId: company.departments.Operations, without });
  const kitchen = await findDepartmentPeople(trx, { companyId, departmentId: company.departments.Kitchen, without });
  await allowOvertime(trx, { companyId, userIds: [ella, marcus, ...operations, ...kitchen] });

  const today = londonDate(new Date());
  const day = (back: number) => addDays(today, -back);
  const base = { company_id: companyId };
  await insertReport(trx, {
    ...base,
    user_id: ella,
    date: day(2),
    start_time: '17:00',
    end_time: '19:30',
    hours: 2.5,
    reason: 'Stayed on to unload the late delivery and restock the cold store.',
    compensation: 'paid',
    overtime_rate_id: timeAndHalf,
    reported_by: ella,
  });
  const [ops1, ops2] = operations;
  if (ops1) {
    await insertReport(trx, {
      ...base,
      user_id: ops1,
      date: day(4),
      start_time: null,
      end_time: null,
      hours: 3,
      reason: 'Covered the Saturday morning stock count.',
      compensation: 'toil',
      overtime_rate_id: null,
      reported_by: ops1,
    });
  }
  if (ops2) {
    await insertReport(trx, {
      ...base,
      user_id: ops2,
      date: day(9),
      start_time: '08:00',
      end_time: '12:00',
      hours: 4,
      reason: 'Bank holiday cover for the warehouse.',
      compensation: 'paid',
      overtime_rate_id: double,
      reported_by: ops2,
      status: 'approved',
      decided_by: marcus,
      decided_at: new Date(),
    });
  }
  const [chef, cook] = kitchen;
  if (cook) {
    await insertReport(trx, {
      ...base,
      user_id: cook,
      date: day(5),
      start_time: '14:00',
      end_time: '16:00',
      hours: 2,
      reason: 'Extra covers for the Friday function.',
      compensation: 'paid',
      overtime_rate_id: timeAndHalf,
      reported_by: cook,
      status: 'approved',
      decided_by: owner,
      decided_at: new Date(),
    });
  }
  if (chef) {
    await insertReport(trx, {
      ...base,
      user_id: chef,
      date: day(6),
      start_time: null,
      end_time: null,
      hours: 1.5,
      reason: 'Prepared the function menu.',
      compensation: 'paid',
      overtime_rate_id: timeAndHalf,
      reported_by: chef,
      status: 'declined',
      decided_by: owner,
      decided_at: new Date(),
      decline_reason: 'This was within contracted hours on the rota.',
    });
  }

  // Ella's approved time off in lieu: three hours, on her time-off-in-lieu balance.
  const worked = day(14);
  const ledger = timeOffInLieuLedger(company.modules ?? []);
  const credit = ledger
    ? await ledger.credit(trx, {
        companyId,
        userId: ella,
        date: worked,
        hours: 3,
        reason: `Time off in lieu: 3 hours of overtime on ${formatCalendarDate(worked, DATE_FORMATS.date)} approved by Marcus Mills`,
        actorId: marcus,
      })
    : null;
  await insertReport(trx, {
    ...base,
    user_id: ella,
    date: worked,
    start_time: '18:00',
    end_time: '21:00',
    hours: 3,
    reason: 'Evening stock-take after the refit.',
    compensation: 'toil',
    overtime_rate_id: null,
    reported_by: ella,
    status: credit ? 'approved' : 'reported',
    decided_by: credit ? marcus : null,
    decided_at: credit ? new Date() : null,
    toil_expires_on: credit ? addMonths(worked, 6) : null,
  });
}
