import { describe, expect, it } from 'vitest';
import { assessRiddor, incapacityDays, type RiddorFacts } from './riddor';

// Monday 5 January 2026.
const base: RiddorFacts = {
  accidentDate: '2026-01-05',
  isWorker: true,
  death: false,
  specifiedInjury: null,
  takenToHospital: false,
  dangerousOccurrence: false,
  occupationalDisease: false,
  incapacityLastDay: null,
};

describe('RIDDOR help', () => {
  it('counts off until and including Tuesday 13 January as 8 days: over-7-day, report by 20 January 2026', () => {
    const result = assessRiddor({ ...base, incapacityLastDay: '2026-01-13' });
    expect(result).toEqual({ category: 'over_7_day', reportable: true, deadline: '2026-01-20', writtenReportDue: null, incapacityDays: 8 });
  });

  it('counts off until Thursday 8 January as 3 days: neither reportable nor record only', () => {
    expect(assessRiddor({ ...base, incapacityLastDay: '2026-01-08' })).toEqual({
      category: null,
      reportable: false,
      deadline: null,
      writtenReportDue: null,
      incapacityDays: 3,
    });
  });

  it('counts off until Friday 9 January as 4 days: record only', () => {
    expect(assessRiddor({ ...base, incapacityLastDay: '2026-01-09' })).toEqual({
      category: 'over_3_day',
      reportable: false,
      deadline: null,
      writtenReportDue: null,
      incapacityDays: 4,
    });
  });

  it('makes exactly 7 days record only and 8 days reportable (over seven, weekends included)', () => {
    expect(assessRiddor({ ...base, incapacityLastDay: '2026-01-12' }).category).toBe('over_3_day');
    expect(assessRiddor({ ...base, incapacityLastDay: '2026-01-13' }).category).toBe('over_7_day');
  });

  it('reports a specified injury without delay: reportable, no deadline date', () => {
    expect(assessRiddor({ ...base, specifiedInjury: 'fracture' })).toEqual({
      category: 'specified_injury',
      reportable: true,
      deadline: null,
      writtenReportDue: '2026-01-15',
      incapacityDays: 0,
    });
  });

  it('RIDDOR regs 4(1), 5, 6(1), 7: what is notified without delay has its written report due 10 days after (5 → 15 January 2026)', () => {
    expect(assessRiddor({ ...base, death: true }).writtenReportDue).toBe('2026-01-15');
    expect(assessRiddor({ ...base, isWorker: false, takenToHospital: true }).writtenReportDue).toBe('2026-01-15');
    expect(assessRiddor({ ...base, isWorker: false, dangerousOccurrence: true }).writtenReportDue).toBe('2026-01-15');
    // An over-7-day injury has its own 15-day deadline, a disease none, and nothing reportable none.
    expect(assessRiddor({ ...base, incapacityLastDay: '2026-01-13' }).writtenReportDue).toBeNull();
    expect(assessRiddor({ ...base, occupationalDisease: true }).writtenReportDue).toBeNull();
    expect(assessRiddor(base).writtenReportDue).toBeNull();
  });

  it('reports a non-worker taken from the scene to hospital', () => {
    const result = assessRiddor({ ...base, isWorker: false, takenToHospital: true });
    expect(result.category).toBe('non_worker_hospital');
    expect(result.reportable).toBe(true);
    expect(result.deadline).toBeNull();
  });

  it('does not report a worker merely taken to hospital, nor count a non-worker’s days off', () => {
    expect(assessRiddor({ ...base, takenToHospital: true }).reportable).toBe(false);
    expect(assessRiddor({ ...base, isWorker: false, incapacityLastDay: '2026-01-20' }).reportable).toBe(false);
  });

  it('puts a death first, then dangerous occurrences and diagnosed diseases', () => {
    expect(assessRiddor({ ...base, death: true, specifiedInjury: 'fracture' }).category).toBe('death');
    expect(assessRiddor({ ...base, isWorker: false, dangerousOccurrence: true }).category).toBe('dangerous_occurrence');
    expect(assessRiddor({ ...base, occupationalDisease: true })).toMatchObject({ category: 'occupational_disease', reportable: true });
  });

  it('counts no days for a return the same day or a date before the accident', () => {
    expect(incapacityDays('2026-01-05', '2026-01-05')).toBe(0);
    expect(incapacityDays('2026-01-05', '2026-01-01')).toBe(0);
    expect(incapacityDays('2026-01-05', null)).toBe(0);
  });
});
