// The reports over leave and people data that exist on every install: absence (days and
// spells by type, person, department or month), sickness by reason category, the Bradford
// factor with the company's trigger points, headcount and turnover, and length of service.
import { groupedReport, PERSON_AND_MONTH_GROUPS } from '../../../server/reports/grouped-report';
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { round, sum } from '../../../server/reports/report-figures';
import { tableResult, type ReportFigure } from '../../../server/reports/report-table';
import { addDays } from '../../../shared/dates';
import { bradfordScore, bradfordSpells } from '../../leave/bradford-factor';
import { SICKNESS_CATEGORY_LABELS, type SicknessCategory } from '../../leave/leave.contract';
import { REPORTS_ENDPOINT, type ReportResult, type ReportRow } from '../../../shared/reports.contract';
import { aggregateAbsences, findSickness, type AbsenceAggregate } from './absence-reports.queries';
import { getBradfordTriggers, monthlyMovements, serviceBands } from './people-reports.queries';

// The columns both absence reports share, charted in each report's own colours.
type AbsenceFigure = ReportFigure<AbsenceAggregate>;
const daysFigure = (chart: string): AbsenceFigure => ({
  key: 'days',
  label: 'Days',
  value: (row) => round(row.days, 2),
  total: 'sum',
  chart,
});
const spellsFigure = (chart?: string): AbsenceFigure => ({
  key: 'spells',
  label: 'Spells',
  value: (row) => row.spells,
  total: 'sum',
  chart,
});
const peopleFigure: AbsenceFigure = { key: 'people', label: 'People', value: (row) => row.people };

export const absenceReport = groupedReport({
  key: 'absence',
  title: 'Absence',
  description: 'Days and spells of absence by leave type, person, department or month.',
  endpoint: REPORTS_ENDPOINT,
  groups: [{ value: 'type', label: 'Leave type' }, ...PERSON_AND_MONTH_GROUPS],
  find: (trx, input) => aggregateAbsences(trx, { ...input, sicknessOnly: false }),
  columns: (group) => [
    ...(group === 'person'
      ? [{ key: 'department', label: 'Department', kind: 'text' as const, value: (row: AbsenceAggregate) => row.detail || '' }]
      : []),
    daysFigure('blue.6'),
    spellsFigure('orange.6'),
    peopleFigure,
  ],
});

export const sicknessReport: ReportDefinition = {
  key: 'sickness',
  title: 'Sickness by reason',
  description: 'Sickness days and spells by the reason category people gave.',
  endpoint: REPORTS_ENDPOINT,
  sensitive: true,
  group_by: [],
  async run(trx, { companyId, filters, reach, today }): Promise<ReportResult> {
    return tableResult({
      columns: [
        {
          key: 'category',
          label: 'Reason',
          kind: 'text',
          value: (row) => SICKNESS_CATEGORY_LABELS[row.label as SicknessCategory] ?? 'Not given',
        },
        daysFigure('red.6'),
        spellsFigure(),
        peopleFigure,
      ],
      found: await aggregateAbsences(trx, { companyId, reach, filters, today, group: 'category', sicknessOnly: true }),
    });
  },
};

export const bradfordReport: ReportDefinition = {
  key: 'bradford',
  title: 'Bradford factor',
  description: 'Spells² × days of sickness over the 52 weeks to the end date, against the company’s trigger points.',
  endpoint: REPORTS_ENDPOINT,
  group_by: [],
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const to = filters.to;
    const from = addDays(to, -(52 * 7 - 1));
    const triggers = [...(await getBradfordTriggers(trx, companyId))].sort((a, b) => a - b);
    const sickness = await findSickness(trx, { companyId, reach, filters, from, to });
    const people = new Map<string, typeof sickness>();
    for (const row of sickness) people.set(row.user_id, [...(people.get(row.user_id) ?? []), row]);
    const rows: ReportRow[] = [];
    for (const absences of people.values()) {
      const first = absences[0]!;
      const w = first.week;
      const week = {
        mon_hours: w[0] ?? 0,
        tue_hours: w[1] ?? 0,
        wed_hours: w[2] ?? 0,
        thu_hours: w[3] ?? 0,
        fri_hours: w[4] ?? 0,
        sat_hours: w[5] ?? 0,
        sun_hours: w[6] ?? 0,
      };
      const spells = bradfordSpells(
        absences.filter((a) => a.days > 0),
        week,
      );
      const days = round(
        spells.reduce((total, spell) => total + spell.days, 0),
        2,
      );
      const score = round(bradfordScore(spells.length, days), 1);
      const crossed = triggers.filter((point) => score >= point).pop();
      rows.push({
        person: first.name,
        department: first.department ?? '',
        spells: spells.length,
        days,
        score,
        trigger: crossed === undefined ? '' : `${crossed}+`,
      });
    }
    rows.sort((a, b) => (b.score as number) - (a.score as number));
    const over = rows.filter((row) => row.trigger !== '').length;
    return {
      columns: [
        { key: 'person', label: 'Person', kind: 'text' },
        { key: 'department', label: 'Department', kind: 'text' },
        { key: 'spells', label: 'Spells', kind: 'number' },
        { key: 'days', label: 'Days', kind: 'number' },
        { key: 'score', label: 'Bradford factor', kind: 'number' },
        { key: 'trigger', label: 'Trigger point crossed', kind: 'text' },
      ],
      rows,
      totals: { person: `${over} of ${rows.length} over a trigger point`, spells: sum(rows, 'spells'), days: sum(rows, 'days') },
      chart: {
        type: 'bar',
        index: 'person',
        series: [{ name: 'score', label: 'Bradford factor', color: 'red.6' }],
        data: rows.slice(0, 15),
      },
      note: `Trigger points: ${triggers.join(', ')}. Sickness from ${from} to ${to}.`,
    };
  },
};

export const headcountReport: ReportDefinition = {
  key: 'headcount',
  title: 'Headcount and turnover',
  description: 'People employed at each month’s end, starters, leavers and the turnover rate.',
  endpoint: REPORTS_ENDPOINT,
  group_by: [],
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const months = await monthlyMovements(trx, { companyId, reach, filters });
    const rate = (leavers: number, start: number, end: number) => (start + end > 0 ? round((leavers / ((start + end) / 2)) * 100) : 0);
    const rows: ReportRow[] = months.map((m) => ({
      month: m.month,
      headcount: m.headcount_end,
      starters: m.starters,
      leavers: m.leavers,
      turnover: rate(m.leavers, m.headcount_start, m.headcount_end),
    }));
    const leavers = sum(rows, 'leavers');
    const average = months.length ? months.reduce((total, m) => total + (m.headcount_start + m.headcount_end) / 2, 0) / months.length : 0;
    return {
      columns: [
        { key: 'month', label: 'Month', kind: 'text' },
        { key: 'headcount', label: 'Headcount at month end', kind: 'number' },
        { key: 'starters', label: 'Starters', kind: 'number' },
        { key: 'leavers', label: 'Leavers', kind: 'number' },
        { key: 'turnover', label: 'Turnover %', kind: 'percent' },
      ],
      rows,
      totals: {
        month: 'Period',
        headcount: months.at(-1)?.headcount_end ?? 0,
        starters: sum(rows, 'starters'),
        leavers,
        turnover: average > 0 ? round((leavers / average) * 100) : 0,
      },
      chart: {
        type: 'line',
        index: 'month',
        series: [
          { name: 'headcount', label: 'Headcount', color: 'blue.6' },
          { name: 'starters', label: 'Starters', color: 'green.6' },
          { name: 'leavers', label: 'Leavers', color: 'red.6' },
        ],
        data: rows,
      },
    };
  },
};

export const serviceReport: ReportDefinition = {
  key: 'service',
  title: 'Length of service',
  description: 'People employed on the end date by length of service.',
  endpoint: REPORTS_ENDPOINT,
  group_by: [],
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const bands = await serviceBands(trx, { companyId, reach, filters });
    const rows: ReportRow[] = bands.map((b) => ({ band: b.band, people: b.people, average_years: b.average_years }));
    return {
      columns: [
        { key: 'band', label: 'Length of service', kind: 'text' },
        { key: 'people', label: 'People', kind: 'number' },
        { key: 'average_years', label: 'Average years', kind: 'number' },
      ],
      rows,
      totals: { band: 'Total', people: sum(rows, 'people') },
      chart: { type: 'bar', index: 'band', series: [{ name: 'people', label: 'People', color: 'teal.6' }], data: rows },
    };
  },
};

export const REPORTS_ON_MAIN: readonly ReportDefinition[] = [absenceReport, sicknessReport, bradfordReport, headcountReport, serviceReport];
