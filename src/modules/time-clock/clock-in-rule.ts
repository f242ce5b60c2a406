// When "Clock in" is offered, in one place: clocked out with nothing waiting to send, and then
// either a rota shift is due (under way, or starting within CLOCK_IN_EARLY_MINUTES), or there
// is no shift to clock against (none today or tomorrow that is not yet due) and the company lets
// people clock in without a shift — unless the person works to a rota (their last entry had a
// shift). Someone with no rota who has never clocked is offered it. The server refuses a
// clock-in with no shift when the company does not allow it.
import type { ClockState } from './time-clock.policy';
import { shiftDue } from './time-clock.policy';

export type ClockInOffer = {
  state: ClockState;
  /** A clock-out not yet sent: nothing is offered until the server has it. */
  waitingOut: boolean;
  /** The person's next or current shift today or tomorrow. */
  shift: { start_at: string; end_at: string } | null;
  /** Whether the person's last entry was against a shift (null: never clocked). */
  lastHadShift: boolean | null;
  /** The company's setting (people may clock in without a rota shift). */
  clockWithoutShift: boolean;
  now: Date;
};

export function offersClockIn(input: ClockInOffer): boolean {
  if (input.state !== 'out' || input.waitingOut) return false;
  if (input.shift) return shiftDue(input.shift, input.now);
  return input.clockWithoutShift && input.lastHadShift !== true;
}
