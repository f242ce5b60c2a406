// Shifts on days their person is away: the mark each such shift carries (asked of the leave
// module's offer, for the people the viewer may know about only), and the manager's one action
// on it — the shift made open, published as it was, for a colleague to claim.
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import type { DaysOff } from '../../../server/module-hooks';
import { notify } from '../../../server/notifications/notify';
import { AppError } from '../../../shared/app-error';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { rotaMessages, type Shift } from '../rotas.contract';
import { shiftDates } from '../working-time';
import { getShift, makeShiftOpen } from './rota-shifts.queries';
import { announce, requireDepartment, type RotaCaller } from './rota.service';

/** The shifts with `day_off` set where their person is away on a day the shift touches; only for people `mayKnow` allows. */
export async function markDaysOff<T extends Shift>(
  trx: Trx,
  input: { daysOff: DaysOff | null; companyId: string; shifts: T[]; mayKnow: (userId: string) => boolean },
): Promise<T[]> {
  const asked = input.shifts.filter((shift) => shift.user_id !== null && input.mayKnow(shift.user_id));
  if (!input.daysOff || asked.length === 0) return input.shifts;
  const dates = asked.flatMap((shift) => shiftDates(shift)).sort();
  const found = await input.daysOff.find(trx, {
    companyId: input.companyId,
    userIds: [...new Set(asked.map((shift) => shift.user_id!))],
    from: dates[0]!,
    to: dates[dates.length - 1]!,
  });
  const away = new Map(found.map((day) => [`${day.userId} ${day.date}`, day]));
  const markable = new Set(asked.map((shift) => shift.id));
  return input.shifts.map((shift) => {
    if (!markable.has(shift.id)) return shift;
    const day = shiftDates(shift)
      .map((date) => away.get(`${shift.user_id} ${date}`))
      .find(Boolean);
    return day ? { ...shift, day_off: { kind: day.kind, name: day.name } } : shift;
  });
}

/** Takes the person off a shift that has not started, so anyone of its department may claim it; an open shift stays as it is. */
export async function makeOpen(db: Db, input: { caller: RotaCaller; id: string }): Promise<Shift> {
  const { caller } = input;
  return withTenant(db, caller.companyId, async (trx) => {
    const shift = await getShift(trx, { companyId: caller.companyId, id: input.id });
    if (!shift) throw AppError.notFound();
    requireDepartment(caller, shift.department_id);
    if (shift.user_id === null) return shift;
    if (Date.parse(shift.start_at) <= Date.now()) throw AppError.validation({ shift: [rotaMessages.alreadyStarted] });
    await makeShiftOpen(trx, { companyId: caller.companyId, id: shift.id });
    if (shift.published && shift.user_id !== caller.session.userId) {
      await notify(trx, {
        companyId: caller.companyId,
        userId: shift.user_id,
        description: `Your shift on ${formatLondon(shift.start_at, DATE_FORMATS.dateTime)} is now an open shift for a colleague to take.`,
        relatesTo: 'rota',
      });
    }
    await auditCaller(trx, caller, {
      companyId: caller.companyId,
      action: 'rota_shift.made_open',
      targetType: 'rota_shift',
      targetId: shift.id,
      details: { user_id: shift.user_id },
    });
    await announce(trx, caller.companyId, 'rota.shift_made_open');
    const saved = await getShift(trx, { companyId: caller.companyId, id: shift.id });
    if (!saved) throw AppError.notFound();
    return saved;
  });
}
