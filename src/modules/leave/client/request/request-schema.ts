// The request form's rules beyond the contract's (an end date unless a sickness is open-ended,
// a reason category for sickness), what is sent (fields that do not apply are cleared), and
// what the live suggestion is asked once the form says enough to ask it.
import * as v from 'valibot';
import type { Draft } from '../../../../client/ui/use-form';
import { isIsoDate } from '../../../../shared/dates';
import { fieldMessages } from '../../../../shared/validators';
import { CreateAbsenceInputSchema, type CreateAbsenceInput } from '../../absences.contract';
import { leaveMessages } from '../../leave.contract';
import type { SuggestionQuery } from '../requests.api';

export type RequestValues = Draft<CreateAbsenceInput>;
export type RequestMode = { sickness: boolean; openEnded: boolean };

export const emptyRequest = (userId: string | null): RequestValues => ({
  user_id: userId,
  leave_type_id: null,
  start_date: '',
  end_date: '',
  duration_type: 'days',
  half_day_part: null,
  hours: null,
  notes: '',
  blocked_override_reason: '',
  sickness_category: null,
  medical_detail: '',
});

/**
 * A queued request back into the form (the outbox's "Correct"): its values as sent, the caller's
 * own request naming them again, and nothing left null that the form shows as text.
 */
export function requestFromQueued(body: Record<string, unknown>, selfId: string | null): RequestValues {
  const empty = emptyRequest(selfId);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const queued = { ...empty, ...(body as Partial<RequestValues>) };
  return {
    ...queued,
    user_id: queued.user_id ?? selfId,
    end_date: text(queued.end_date),
    notes: text(queued.notes),
    blocked_override_reason: text(queued.blocked_override_reason),
    medical_detail: text(queued.medical_detail),
  };
}

export function requestSchema({ sickness, openEnded }: RequestMode) {
  return v.pipe(
    CreateAbsenceInputSchema,
    v.forward(
      v.check((input) => input.duration_type !== 'days' || input.end_date !== null || (sickness && openEnded), leaveMessages.endRequired),
      ['end_date'],
    ),
    v.forward(
      v.check((input) => !sickness || input.sickness_category !== null, fieldMessages.required),
      ['sickness_category'],
    ),
  );
}

export type RequestOutput = v.InferOutput<ReturnType<typeof requestSchema>>;

/** The body of POST /api/user-absence: the caller's own request names nobody; what does not apply is null. */
export function requestBody(
  output: RequestOutput,
  { sickness, openEnded, selfId }: RequestMode & { selfId: string | null },
): CreateAbsenceInput {
  const singleDay = output.duration_type !== 'days';
  return {
    ...output,
    user_id: output.user_id === selfId ? null : output.user_id,
    end_date: singleDay ? output.start_date : sickness && openEnded ? null : output.end_date,
    half_day_part: output.duration_type === 'half_day' ? output.half_day_part : null,
    hours: output.duration_type === 'hours' ? output.hours : null,
    sickness_category: sickness ? output.sickness_category : null,
    medical_detail: sickness ? output.medical_detail : null,
  };
}

/** The suggestion's question, or null while the form does not yet say enough to ask it. */
export function suggestionQueryFor(values: RequestValues, { openEnded }: { openEnded: boolean }): SuggestionQuery | null {
  const start = values.start_date ?? '';
  if (!values.leave_type_id || !isIsoDate(start)) return null;
  const duration = values.duration_type ?? 'days';
  if (duration === 'half_day') {
    if (!values.half_day_part) return null;
    return {
      leave_type_id: values.leave_type_id,
      start_date: start,
      end_date: start,
      duration_type: duration,
      half_day_part: values.half_day_part,
    };
  }
  if (duration === 'hours') {
    if (!values.hours || values.hours <= 0) return null;
    return { leave_type_id: values.leave_type_id, start_date: start, end_date: start, duration_type: duration, hours: values.hours };
  }
  const end = values.end_date ?? '';
  // An open-ended sickness is priced up to its first day until the person is back.
  if (openEnded) return { leave_type_id: values.leave_type_id, start_date: start, duration_type: duration };
  if (!isIsoDate(end) || end < start) return null;
  return { leave_type_id: values.leave_type_id, start_date: start, end_date: end, duration_type: duration };
}
