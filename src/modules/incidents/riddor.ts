// RIDDOR help (the Reporting of Injuries, Diseases and Dangerous Occurrences Regulations 2013):
// from the answers an incident record holds, which reportable category it falls in, whether it
// must be reported, and by when. Pure rules, no clock: the caller passes "today" for an
// incapacity still going on.
//
// - Deaths and specified injuries (the regulation 4(1) list) of workers: report without delay,
//   so no deadline date; the written report is due within 10 days of the incident (its date is
//   given), as for a non-worker taken to hospital and a dangerous occurrence.
// - Over-7-day incapacitation of a worker: consecutive days unable to do their normal work, not
//   counting the day of the accident, weekends and rest days included; report within 15 days of
//   the accident.
// - Over-3-day incapacitation: recorded in the accident book, not reported ("record only").
// - A non-worker (a visitor, a customer) taken from the scene to hospital for treatment, and a
//   dangerous occurrence: report without delay.
// - An occupational disease: report without delay once a doctor's written diagnosis is given.
import { addDays } from '../../shared/dates';

export const RIDDOR_CATEGORIES = [
  'death',
  'specified_injury',
  'over_7_day',
  'non_worker_hospital',
  'dangerous_occurrence',
  'occupational_disease',
  'over_3_day',
] as const;
export type RiddorCategory = (typeof RIDDOR_CATEGORIES)[number];

/** The regulation 4(1) list, in the product's words. */
export const SPECIFIED_INJURIES = [
  'fracture',
  'amputation',
  'sight_loss',
  'crush_head_torso',
  'serious_burn',
  'scalping',
  'unconsciousness',
  'enclosed_space',
] as const;
export type SpecifiedInjury = (typeof SPECIFIED_INJURIES)[number];

export const SPECIFIED_INJURY_LABELS: Record<SpecifiedInjury, string> = {
  fracture: 'A fracture, other than to fingers, thumbs and toes',
  amputation: 'An amputation of an arm, hand, finger, thumb, leg, foot or toe',
  sight_loss: 'An injury likely to lead to permanent loss of sight or reduction in sight',
  crush_head_torso: 'A crush injury to the head or torso causing damage to the brain or internal organs',
  serious_burn: 'A serious burn (over 10% of the body, or damaging the eyes, breathing or vital organs)',
  scalping: 'A scalping needing hospital treatment',
  unconsciousness: 'Loss of consciousness caused by a head injury or asphyxia',
  enclosed_space:
    'An injury from working in an enclosed space leading to hypothermia or heat illness, or needing resuscitation or more than 24 hours in hospital',
};

export const RIDDOR_CATEGORY_LABELS: Record<RiddorCategory, string> = {
  death: 'Death',
  specified_injury: 'Specified injury',
  over_7_day: 'Over-7-day incapacitation',
  non_worker_hospital: 'Non-worker taken to hospital',
  dangerous_occurrence: 'Dangerous occurrence',
  occupational_disease: 'Occupational disease',
  over_3_day: 'Over-3-day incapacitation (record only)',
};

export type RiddorFacts = {
  /** The date of the accident, yyyy-MM-dd. */
  accidentDate: string;
  /** An employee or another worker (a contractor, an agency worker); false for visitors and the public. */
  isWorker: boolean;
  death: boolean;
  specifiedInjury: SpecifiedInjury | null;
  takenToHospital: boolean;
  dangerousOccurrence: boolean;
  occupationalDisease: boolean;
  /** The last day the worker could not do their normal work (inclusive); null when they lost no day. */
  incapacityLastDay: string | null;
};

export type RiddorResult = {
  category: RiddorCategory | null;
  reportable: boolean;
  /** yyyy-MM-dd; null when the report is due without delay, or nothing is to be reported. */
  deadline: string | null;
  /**
   * yyyy-MM-dd: for what is notified without delay (a death, a specified injury, a non-worker
   * taken to hospital, a dangerous occurrence), the day the written report is due, 10 days after
   * the incident; null otherwise.
   */
  writtenReportDue: string | null;
  /** Consecutive days of incapacity, not counting the day of the accident. */
  incapacityDays: number;
};

const DAY_MS = 86_400_000;

/** Days after the accident up to and including the last day of incapacity (0 when none). */
export function incapacityDays(accidentDate: string, lastDay: string | null): number {
  if (!lastDay) return 0;
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${accidentDate}T00:00:00Z`)) / DAY_MS);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** Notified without delay, then reported in writing within 10 days (RIDDOR regs 4(1), 5, 6(1), 7). */
const WRITTEN_WITHIN_10_DAYS: readonly RiddorCategory[] = ['death', 'specified_injury', 'non_worker_hospital', 'dangerous_occurrence'];

export function assessRiddor(facts: RiddorFacts): RiddorResult {
  const days = facts.isWorker ? incapacityDays(facts.accidentDate, facts.incapacityLastDay) : 0;
  const result = (category: RiddorCategory | null, reportable: boolean, deadline: string | null = null): RiddorResult => ({
    category,
    reportable,
    deadline,
    writtenReportDue: category && WRITTEN_WITHIN_10_DAYS.includes(category) ? addDays(facts.accidentDate, 10) : null,
    incapacityDays: days,
  });
  if (facts.death) return result('death', true);
  if (facts.isWorker && facts.specifiedInjury) return result('specified_injury', true);
  if (facts.isWorker && days > 7) return result('over_7_day', true, addDays(facts.accidentDate, 15));
  if (!facts.isWorker && facts.takenToHospital) return result('non_worker_hospital', true);
  if (facts.dangerousOccurrence) return result('dangerous_occurrence', true);
  if (facts.isWorker && facts.occupationalDisease) return result('occupational_disease', true);
  if (facts.isWorker && days > 3) return result('over_3_day', false);
  return result(null, false);
}
