import { describe, expect, it } from 'vitest';
import type { BankHoliday, BlockedDatePeriod } from '../../leave-settings.contract';
import { absence, CARL, ELLA, OFFICE, OLLY, OPERATIONS } from '../absence/absence-test-data';
import { agendaLabel, agendaOf, blockedFor, daysOf, holidayFor, rangeFor, rangeLabel, segmentsFor, step } from './timeline-model';

const ella = { ...ELLA, region: 'england-and-wales' as const };
const olly = { ...OLLY, region: 'scotland' as const };

describe('the timeline’s dates', () => {
  it('shows Monday to Sunday for a week and the whole month for a month', () => {
    expect(rangeFor('week', '2025-11-27')).toEqual({ from: '2025-11-24', to: '2025-11-30' });
    expect(rangeFor('week', '2025-11-24')).toEqual({ from: '2025-11-24', to: '2025-11-30' });
    expect(rangeFor('week', '2025-11-30')).toEqual({ from: '2025-11-24', to: '2025-11-30' });
    expect(rangeFor('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(daysOf(rangeFor('month', '2025-11-05'))).toHaveLength(30);
  });

  it('steps a week or a month at a time, across years', () => {
    expect(step('week', '2025-12-31', 1)).toBe('2026-01-05');
    expect(step('week', '2025-11-27', -1)).toBe('2025-11-17');
    expect(step('month', '2025-12-15', 1)).toBe('2026-01-01');
    expect(step('month', '2025-01-31', -1)).toBe('2024-12-01');
  });

  it('labels days and ranges in British English', () => {
    expect(agendaLabel('2025-11-24')).toBe('Mon 24 Nov');
    expect(rangeLabel('week', { from: '2025-11-24', to: '2025-11-30' })).toBe('24 Nov to 30 Nov 2025');
    expect(rangeLabel('week', { from: '2025-12-29', to: '2026-01-04' })).toBe('29 Dec 2025 to 4 Jan 2026');
    expect(rangeLabel('month', { from: '2025-11-01', to: '2025-11-30' })).toBe('November 2025');
  });
});

describe('what a person’s day holds', () => {
  it('marks half days and the first day shown, and ignores declined and cancelled absences', () => {
    const week = absence({ start_date: '2025-11-20', end_date: '2025-11-25', status: 'approved' });
    const morning = absence({ start_date: '2025-11-26', end_date: '2025-11-26', duration_type: 'half_day', half_day_part: 'morning' });
    const declined = absence({ start_date: '2025-11-24', end_date: '2025-11-24', status: 'declined' });
    const all = [week, morning, declined];
    expect(segmentsFor(ella, all, '2025-11-24', '2025-11-24')).toEqual([{ absence: week, part: 'full', first: true }]);
    expect(segmentsFor(ella, all, '2025-11-25', '2025-11-24')).toEqual([{ absence: week, part: 'full', first: false }]);
    expect(segmentsFor(ella, all, '2025-11-26', '2025-11-24')).toEqual([{ absence: morning, part: 'morning', first: true }]);
    expect(segmentsFor({ ...CARL, region: 'england-and-wales' }, all, '2025-11-24', '2025-11-24')).toEqual([]);
  });

  it('runs an open-ended sickness absence on through the view', () => {
    const open = absence({ start_date: '2025-11-20', end_date: null, status: 'approved' });
    expect(segmentsFor(ella, [open], '2025-11-30', '2025-11-24')).toHaveLength(1);
  });

  it('finds bank holidays by the person’s region and blocked periods by their department', () => {
    const holidays: BankHoliday[] = [
      {
        id: 'scotland:2025-12-01',
        date: '2025-12-01',
        name: 'St Andrew’s Day',
        region: 'scotland',
        projected: false,
        company_added: false,
      },
      { id: 'x', date: '2025-12-24', name: 'Christmas Eve (company)', region: null, projected: false, company_added: true },
    ];
    const blocked: BlockedDatePeriod[] = [
      {
        id: 'b',
        name: 'Stock take',
        start_date: '2025-11-28',
        end_date: '2025-12-01',
        department_id: OFFICE.id,
        department_name: OFFICE.name,
        notes: null,
      },
    ];
    expect(holidayFor(olly, holidays, '2025-12-01')?.name).toBe('St Andrew’s Day');
    expect(holidayFor(ella, holidays, '2025-12-01')).toBeUndefined();
    expect(holidayFor(ella, holidays, '2025-12-24')?.name).toBe('Christmas Eve (company)');
    expect(blockedFor(olly, blocked, '2025-11-29')?.name).toBe('Stock take');
    expect(blockedFor(ella, blocked, '2025-11-29')).toBeUndefined();
    expect(OPERATIONS.id).toBe(ella.department_id);
  });

  it('lists each day’s absences, holidays and blocked periods for the agenda', () => {
    const leave = absence({ start_date: '2025-11-24', end_date: '2025-11-25' });
    const days = agendaOf(
      {
        people: [ella],
        absences: [leave],
        bank_holidays: [
          { id: 'scotland:2025-11-25', date: '2025-11-25', name: 'Not ours', region: 'scotland', projected: false, company_added: false },
        ],
        blocked: [],
      },
      ['2025-11-24', '2025-11-25', '2025-11-26'],
    );
    expect(days.map((day) => day.absences.length)).toEqual([1, 1, 0]);
    expect(days[1]?.holidays).toEqual([]);
  });
});
