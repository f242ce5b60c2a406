// Return to work after sickness: the item, the self-certification and the review.
import * as v from 'valibot';
import { fieldMessages } from '../../shared/validators';
import { type PersonSummary } from './absences.contract';
import {
  flag,
  leaveMessages,
  listOf,
  nullableLines,
  ordered,
  requiredDate,
  requiredLines,
  RETURN_TO_WORK_STATUSES,
  type ReturnToWorkKind,
  type ReturnToWorkStatus,
  SICKNESS_CATEGORIES,
  type SicknessCategory,
  uuidParam,
} from './leave.contract';

export type SelfCertificationAnswers = {
  reason_category: SicknessCategory;
  /** Special-category: what was wrong, in the employee's words. */
  description: string;
  first_day_of_sickness: string;
  last_day_of_sickness: string;
  consulted_doctor: boolean;
  injury_at_work: boolean;
  declaration: true;
};
export const SelfCertificationInputSchema = v.pipe(
  v.object({
    reason_category: v.picklist(SICKNESS_CATEGORIES, fieldMessages.required),
    description: requiredLines(2000),
    first_day_of_sickness: requiredDate,
    last_day_of_sickness: requiredDate,
    consulted_doctor: v.boolean(),
    injury_at_work: v.boolean(),
    declaration: v.literal(true, leaveMessages.declarationRequired),
  }),
  ordered('first_day_of_sickness', 'last_day_of_sickness'),
);
export type SelfCertificationInput = v.InferInput<typeof SelfCertificationInputSchema>;
export const ReviewInputSchema = v.object({ note: v.optional(nullableLines(2000), null) });
export type ReturnToWorkItem = {
  id: string;
  absence_id: string;
  user: PersonSummary;
  kind: ReturnToWorkKind;
  status: ReturnToWorkStatus;
  first_day: string;
  last_day: string;
  calendar_days: number;
  sickness_category: SicknessCategory | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
  review_note: string | null;
  fit_note_file: { id: string; name: string; download_path: string } | null;
  /** Present only for the person, HR admins and owners (special-category). */
  answers?: SelfCertificationAnswers | null;
  can_complete: boolean;
  can_review: boolean;
  created_at: string;
};
export const ReturnToWorkQuerySchema = v.object({
  status: v.optional(listOf(v.picklist(RETURN_TO_WORK_STATUSES, leaveMessages.unknown))),
  user_id: v.optional(uuidParam),
  show_relevant_to_me: flag,
});
