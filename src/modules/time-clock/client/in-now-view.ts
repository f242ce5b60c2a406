// What "In now" says of each person clocked in: in since when (and how late against the shift),
// or on a break since when, and the shift the time is against.
import { DATE_FORMATS, formatDuration, formatLondon } from '../../../shared/dates';
import { lateMinutes } from '../time-clock.policy';
import type { InNowPerson } from '../time-clock.contract';

const time = (at: string) => formatLondon(at, DATE_FORMATS.time);

export type InNowLine = { status: string; late: string | null; shift: string };

export function inNowLine(person: InNowPerson): InNowLine {
  const late = person.shift ? lateMinutes(person.clock_in_at, person.shift.start_at) : 0;
  const where = person.department_name ? `, ${person.department_name}` : '';
  return {
    status: person.break_since ? `On a break since ${time(person.break_since)}` : `In since ${time(person.clock_in_at)}`,
    late: late > 0 ? `${formatDuration(late)} late` : null,
    shift: person.shift ? `Shift ${time(person.shift.start_at)}–${time(person.shift.end_at)}${where}` : `No shift${where}`,
  };
}
