// How overtime reads on screen: British dates, hours, the compensation with its rate.
import { amountInWords, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { COMPENSATION_LABELS, type OvertimeReport, type OvertimeStatus } from '../overtime.contract';

export const STATUS_COLOURS: Record<OvertimeStatus, string> = { reported: 'yellow', approved: 'green', declined: 'red', cancelled: 'gray' };

export const hoursText = (hours: number) => amountInWords(hours, 'hours');
export const shownDate = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

/** "Tue 17/11/2026, 17:00–19:30 (2.5 hours)" or "Tue 17/11/2026, 3 hours". */
export function whenText(report: Pick<OvertimeReport, 'date' | 'start_time' | 'end_time' | 'hours'>): string {
  const day = formatCalendarDate(report.date, DATE_FORMATS.date);
  return report.start_time && report.end_time
    ? `${day}, ${report.start_time}–${report.end_time} (${hoursText(report.hours)})`
    : `${day}, ${hoursText(report.hours)}`;
}

/** "Paid at Time and a half (×1.5): 3.75 payable hours" or "Time off in lieu". */
export function compensationText(report: Pick<OvertimeReport, 'compensation' | 'rate' | 'payable_hours'>): string {
  if (report.compensation === 'toil' || !report.rate) return COMPENSATION_LABELS[report.compensation];
  return `Paid at ${report.rate.name} (×${report.rate.multiplier}): ${report.payable_hours} payable hours`;
}
