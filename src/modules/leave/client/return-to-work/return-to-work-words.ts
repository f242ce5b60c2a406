// The words of the return-to-work screens.
import { SELF_CERTIFICATION_MAX_DAYS, type ReturnToWorkKind } from '../../leave.contract';

export const KIND_LABELS: Record<ReturnToWorkKind, string> = {
  self_certification: 'Self-certification',
  fit_note: 'Fit note',
};

export const FIT_NOTE_NEEDED = `Your absence was longer than ${SELF_CERTIFICATION_MAX_DAYS} days, so a fit note from your doctor is needed`;
export const NEEDS_CONNECTION = 'You need a connection to upload a file.';
export const QUEUED_MESSAGE = 'Saved. It will be sent when you are back online.';
export const DECLARATION = 'I declare that the information I have given is true and complete';
export const RETURN_TO_WORK_NOT_FOUND = 'This return to work was not found.';

export const calendarDaysText = (days: number) => `${days} calendar ${days === 1 ? 'day' : 'days'}`;
