// The shift worker's side of rotas: my shifts (this week and next, with who works alongside),
// claiming an open shift, offering a shift, and the swap steps (a colleague accepts; a manager
// approves, unless the company lets accepted swaps stand).
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { notify } from '../../../server/notifications/notify';
import { AppError } from '../../../shared/app-error';
import { addDays, DATE_FORMATS, formatLondon, londonDate, startOfWeek } from '../../../shared/dates';
import { scopeRank } from '../../../shared/scopes';
import { rotaMessages, type MyRota, type Swap, type SwapAction } from '../rotas.contract';
import { findSwaps, getRotaSettings, insertSwap, moveSwap } from './rota-extras.queries';
import { findColleagues, findShifts, getShift, reassignShift, claimShift as claimOpenShift } from './rota-shifts.queries';
import { markDaysOff } from './rota-days-off';
import { announce, findingsFor, reachOf, type RotaCaller } from './rota.service';

export async function getMyRota(db: Db, caller: RotaCaller): Promise<MyRota> {
  const today = londonDate(new Date());
  const from = startOfWeek(today);
  const to = addDays(from, 13);
  const { companyId, session } = caller;
  return withTenant(db, companyId, async (trx) => {
    const shifts = await findShifts(trx, { companyId, from, to, departmentIds: null, publishedOnly: true, userId: session.userId });
    const colleagues = await findColleagues(trx, { companyId, shiftIds: shifts.map((s) => s.id) });
    const open = (
      await findShifts(trx, { companyId, from: today, to, departmentIds: session.departmentIds, publishedOnly: true, openOnly: true })
    ).filter((shift) => Date.parse(shift.start_at) > Date.now());
    const swaps = (await findSwaps(trx, { companyId, departmentIds: session.departmentIds, userId: session.userId })).filter(
      (swap) => swap.status === 'offered' || swap.status === 'accepted' || swap.offered_by === session.userId,
    );
    const marked = await markDaysOff(trx, { daysOff: caller.daysOff, companyId, shifts, mayKnow: (userId) => userId === session.userId });
    return {
      from,
      to,
      generated_at: new Date().toISOString(),
      shifts: marked.map((shift) => ({
        ...shift,
        colleagues: colleagues.filter((c) => c.shift_id === shift.id).map(({ name, role }) => ({ name, role })),
      })),
      open,
      swaps: swaps.map(({ department_id: _d, ...swap }) => swap),
    };
  });
}

/** The claimant gets an open published shift of their department, unless the rules stop it or it clashes. */
export async function claimShift(db: Db, input: { caller: RotaCaller; id: string }): Promise<void> {
  const { companyId, session } = input.caller;
  await withTenant(db, companyId, async (trx) => {
    const shift = await getShift(trx, { companyId, id: input.id });
    if (!shift || (!shift.published && shift.user_id !== session.userId)) throw AppError.notFound();
    if (shift.user_id === session.userId) return; // Already theirs: a retried claim lands once.
    if (!session.departmentIds.includes(shift.department_id)) throw AppError.forbidden();
    if (shift.user_id !== null) throw new AppError('conflict', { message: rotaMessages.notOpen });
    const findings = await findingsFor(trx, {
      companyId,
      shift: { ...shift, override_reason: null },
      userId: session.userId,
      daysOff: input.caller.daysOff,
    });
    const blocking = findings.filter((f) => f.severity === 'stop' || ['overlap', 'on_leave', 'off_sick', 'short_rest'].includes(f.code));
    if (blocking.length) throw AppError.validation({ shift: blocking.map((f) => f.message) }, blocking[0]!.message);
    if (!(await claimOpenShift(trx, { companyId, id: input.id, userId: session.userId })))
      throw new AppError('conflict', { message: rotaMessages.notOpen });
    await auditCaller(trx, input.caller, { companyId, action: 'rota_shift.claimed', targetType: 'rota_shift', targetId: input.id });
    await announce(trx, companyId, 'rota.shift_claimed');
  });
}

export async function offerShift(db: Db, input: { caller: RotaCaller; id: string; note: string }): Promise<Swap> {
  const { companyId, session } = input.caller;
  return withTenant(db, companyId, async (trx) => {
    const shift = await getShift(trx, { companyId, id: input.id });
    if (!shift || shift.user_id !== session.userId || !shift.published) throw AppError.notFound();
    if (Date.parse(shift.start_at) <= Date.now()) throw AppError.validation({ shift: ['This shift has already started.'] });
    const existing = (await findSwaps(trx, { companyId, departmentIds: null, userId: session.userId })).find(
      (swap) => swap.shift.id === input.id && (swap.status === 'offered' || swap.status === 'accepted'),
    );
    if (existing) return existing;
    const id = await insertSwap(trx, { companyId, shiftId: input.id, offeredBy: session.userId, note: input.note });
    const [swap] = id ? await findSwaps(trx, { companyId, departmentIds: null, userId: session.userId, id }) : [];
    if (!swap) throw new AppError('conflict');
    await auditCaller(trx, input.caller, { companyId, action: 'rota_swap.offered', targetType: 'rota_swap', targetId: swap.id });
    await announce(trx, companyId, 'rota.swap_offered');
    return swap;
  });
}

const mayDecide = (caller: RotaCaller, departmentId: string) => {
  const reach = reachOf(caller);
  return scopeRank(caller.level) >= scopeRank('department') && (reach === null || reach.includes(departmentId));
};

async function hand(trx: Trx, input: { caller: RotaCaller; swap: Swap & { department_id: string }; to: string }): Promise<void> {
  const { companyId } = input.caller;
  await reassignShift(trx, { companyId, id: input.swap.shift.id, userId: input.to });
  const when = formatLondon(input.swap.shift.start_at, DATE_FORMATS.dateTime);
  for (const userId of [input.swap.offered_by, input.to]) {
    await notify(trx, { companyId, userId, description: `The swap of the shift on ${when} has been approved.`, relatesTo: 'rota' });
  }
}

export async function actOnSwap(db: Db, input: { caller: RotaCaller; id: string; action: SwapAction }): Promise<Swap> {
  const { caller, action } = input;
  const { companyId, session } = caller;
  return withTenant(db, companyId, async (trx) => {
    const [swap] = await findSwaps(trx, {
      companyId,
      departmentIds: reachOf(caller) ?? session.departmentIds,
      userId: session.userId,
      id: input.id,
    });
    if (!swap) throw AppError.notFound();
    const refuse = () => new AppError('conflict', { message: 'This swap has moved on: refresh to see where it stands.' });
    if (action === 'accept') {
      if (swap.offered_by === session.userId || !session.departmentIds.includes(swap.department_id)) throw AppError.forbidden();
      const findings = await findingsFor(trx, {
        companyId,
        shift: { ...swap.shift, override_reason: null },
        userId: session.userId,
        daysOff: input.caller.daysOff,
      });
      const blocking = findings.filter((f) => f.severity === 'stop' || ['overlap', 'on_leave', 'off_sick'].includes(f.code));
      if (blocking.length) throw AppError.validation({ shift: blocking.map((f) => f.message) }, blocking[0]!.message);
      if (!(await moveSwap(trx, { companyId, id: swap.id, from: ['offered'], to: 'accepted', acceptedBy: session.userId }))) throw refuse();
      const settings = await getRotaSettings(trx, companyId);
      if (!settings.swaps_need_approval) {
        await moveSwap(trx, { companyId, id: swap.id, from: ['accepted'], to: 'approved' });
        await hand(trx, { caller, swap, to: session.userId });
      } else {
        await notify(trx, {
          companyId,
          userId: swap.offered_by,
          description: `Your shift on ${formatLondon(swap.shift.start_at, DATE_FORMATS.dateTime)} has been accepted; it waits for a manager's approval.`,
          relatesTo: 'rota',
        });
      }
    } else if (action === 'cancel') {
      if (swap.offered_by !== session.userId) throw AppError.forbidden();
      if (!(await moveSwap(trx, { companyId, id: swap.id, from: ['offered', 'accepted'], to: 'cancelled' }))) throw refuse();
    } else {
      if (!mayDecide(caller, swap.department_id)) throw AppError.forbidden();
      if (action === 'approve') {
        if (
          !swap.accepted_by ||
          !(await moveSwap(trx, { companyId, id: swap.id, from: ['accepted'], to: 'approved', decidedBy: session.userId }))
        )
          throw refuse();
        await hand(trx, { caller, swap, to: swap.accepted_by });
      } else if (
        !(await moveSwap(trx, { companyId, id: swap.id, from: ['offered', 'accepted'], to: 'declined', decidedBy: session.userId }))
      ) {
        throw refuse();
      }
    }
    await auditCaller(trx, caller, { companyId, action: `rota_swap.${action}`, targetType: 'rota_swap', targetId: swap.id });
    await announce(trx, companyId, `rota.swap_${action}`);
    const [after] = await findSwaps(trx, { companyId, departmentIds: null, userId: session.userId, id: swap.id });
    const { department_id: _d, ...rest } = after ?? swap;
    return rest;
  });
}
