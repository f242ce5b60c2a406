// Who is at work, the absence timeline and the Bradford factor.
import * as v from 'valibot';
import { searchField } from '../../shared/validators';
import { type Absence, type PersonSummary } from './absences.contract';
import { type BankHoliday, type BlockedDatePeriod, type LeaveTypeSummary } from './leave-settings.contract';
import { type BankHolidayRegion, dateParam, type DurationType, type HalfDayPart, listOf, uuidParam } from './leave.contract';

export type WhoAtWorkEntry = {
  user_id: string;
  name: string;
  department_name: string | null;
  /** Null when the caller may not see what kind of absence it is. */
  leave_type: LeaveTypeSummary | null;
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
};
/** GET /api/who-at-work?date=&department_id=: active employees that day minus those on approved absence. */
export type WhoAtWork = { date: string; active_count: number; at_work_count: number; absent: WhoAtWorkEntry[] };
export const WhoAtWorkQuerySchema = v.object({ date: v.optional(dateParam), department_id: v.optional(uuidParam) });

/** GET /api/absence-timeline?from=&to=&department_id=: one screenful of the team timeline. */
export const TimelineQuerySchema = v.object({
  from: dateParam,
  to: dateParam,
  department_id: v.optional(listOf(uuidParam)),
  search: searchField(),
});
export type Timeline = {
  from: string;
  to: string;
  people: (PersonSummary & { region: BankHolidayRegion })[];
  absences: Absence[];
  bank_holidays: BankHoliday[];
  blocked: BlockedDatePeriod[];
};

export type BradfordSpell = { start_date: string; end_date: string; days: number; absence_ids: string[] };
/** GET /api/bradford-factor/{userId}: spells² × days over the 52 weeks to `date` (today). */
export type BradfordFactor = {
  user_id: string;
  from: string;
  to: string;
  spells: BradfordSpell[];
  spell_count: number;
  days: number;
  score: number;
};
