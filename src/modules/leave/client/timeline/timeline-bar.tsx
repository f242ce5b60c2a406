// One absence's mark in a timeline cell: a bar in its leave type's colour, half a cell for a
// half day (morning left, afternoon right), a thin bar for hours, striped and outlined while it
// waits for approval. The first day shown carries the link to the absence (when the caller may
// see it) and the accessible name; the other days only repeat the title for the pointer.
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { type Absence } from '../../absences.contract';
import { ABSENCE_STATUS_LABELS, NEED_APPROVAL_STATUSES } from '../../leave.contract';
import { absenceDates, leaveColour, leaveTypeName, leaveTypeOf, personName } from '../absence/absence-format';
import type { DaySegment, SegmentPart } from './timeline-model';

export const PART_WORDS: Record<SegmentPart, string> = { full: '', morning: ' (morning)', afternoon: ' (afternoon)', hours: '' };

/** "Ella Evans — Annual leave, 24/11/2025 to 26/11/2025 (Pending)". */
export function absenceTitle(absence: Absence): string {
  const status = absence.status === 'approved' ? '' : ` (${ABSENCE_STATUS_LABELS[absence.status]})`;
  return `${personName(absence.user)} — ${leaveTypeName(absence)}, ${absenceDates(absence)}${status}`;
}

export const isWaiting = (absence: Absence) => NEED_APPROVAL_STATUSES.includes(absence.status);

/** The bar's colours: solid when approved, striped with an outline while waiting. */
export function barStyle(absence: Absence): CSSProperties {
  const colour = leaveColour(leaveTypeOf(absence));
  return isWaiting(absence)
    ? {
        background: `repeating-linear-gradient(135deg, ${colour} 0 3px, var(--mantine-color-body) 3px 7px)`,
        outline: `2px solid ${colour}`,
        outlineOffset: -2,
      }
    : { background: colour };
}

const PLACE: Record<SegmentPart, CSSProperties> = {
  full: { left: 1, right: 1, top: 6, bottom: 6 },
  morning: { left: 1, width: 'calc(50% - 1px)', top: 6, bottom: 6 },
  afternoon: { right: 1, width: 'calc(50% - 1px)', top: 6, bottom: 6 },
  hours: { left: 1, right: 1, top: 'calc(50% - 3px)', height: 6 },
};

export function TimelineBar({ segment }: { segment: DaySegment }) {
  const { absence, part, first } = segment;
  const title = absenceTitle(absence);
  const style: CSSProperties = { position: 'absolute', borderRadius: 3, display: 'block', ...PLACE[part], ...barStyle(absence) };
  if (first && leaveTypeOf(absence)) {
    return <Link to="/absence/$id" params={{ id: absence.id }} title={title} aria-label={title} style={style} className="timeline-bar" />;
  }
  if (first) return <span role="img" aria-label={title} title={title} style={style} />;
  return <span aria-hidden="true" title={title} style={style} />;
}
