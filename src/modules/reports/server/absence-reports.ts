// The reports over leave and people data that exist on every install: absence (days and
// spells by type, person, department or month), sickness by reason category, the Bradford
// factor with the company's trigger points, headcount and turnover, and length of service.
import { groupedReport, PERSON_AND_MONTH_GROUPS } from '../../../server/reports/grouped-report';
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { round } from '../../../server/reports/report-figures';
import { tableResult, type ReportFigure } from '../../../server/reports/report-table';
import { addDays } from '../../../shared/dates';
import { bradfordScore, bradfordSpells } from '../../leave/bradford-factor';
import { SICKNESS_CATEGORY_LABELS, type SicknessCategory } from '../../leave/leave.contract';
import { REPORTS_ENDPOINT, type ReportResult } from '../../../shared/reports.contract';
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
    const scored = [...people.values()].map((absences) => {
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
      return { first, spells: spells.length, days, score, crossed: triggers.filter((point) => score >= point).pop() };
    });
    scored.sort((a, b) => b.score - a.score);
    return tableResult({
      columns: [
        { key: 'person', label: 'Person', kind: 'text', value: (row) => row.first.name },
        { key: 'department', label: 'Department', kind: 'text', value: (row) => row.first.department ?? '' },
        { key: 'spells', label: 'Spells', value: (row) => row.spells, total: 'sum' },
        { key: 'days', label: 'Days', value: (row) => row.days, total: 'sum' },
        { key: 'score', label: 'Bradford factor', value: (row) => row.score, chart: 'red.6' },
        {
          key: 'trigger',
          label: 'Trigger point crossed',
          kind: 'text',
          value: (row) => (row.crossed === undefined ? '' : `${row.crossed}+`),
        },
      ],
      found: scored,
      totalLabel: (rows) => `${rows.filter((row) => row.trigger !== '').length} of ${rows.length} over a trigger point`,
      chart: { rows: 15 },
      note: `Trigger points: ${triggers.join(', ')}. Sickness from ${from} to ${to}.`,
    });
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
    const rate = (leavers: number, average: number) => (average > 0 ? round((leavers / average) * 100) : 0);
    const average = (m: (typeof months)[number]) => (m.headcount_start + m.headcount_end) / 2;
    return tableResult({
      columns: [
        { key: 'month', label: 'Month', kind: 'text', value: (m) => m.month },
        {
          key: 'headcount',
          label: 'Headcount at month end',
          value: (m) => m.headcount_end,
          total: (_total, found) => found.at(-1)?.headcount_end ?? 0,
          chart: { color: 'blue.6', label: 'Headcount' },
        },
        { key: 'starters', label: 'Starters', value: (m) => m.starters, total: 'sum', chart: 'green.6' },
        { key: 'leavers', label: 'Leavers', value: (m) => m.leavers, total: 'sum', chart: 'red.6' },
        {
          key: 'turnover',
          label: 'Turnover %',
          kind: 'percent',
          value: (m) => rate(m.leavers, average(m)),
          // Over the period: its leavers against the average of the months' average headcounts.
          total: (total, found) => rate(total('leavers'), found.length ? found.reduce((all, m) => all + average(m), 0) / found.length : 0),
        },
      ],
      found: months,
      totalLabel: () => 'Period',
      chart: { type: 'line' },
    });
  },
};

export const serviceReport: ReportDefinition = {
  key: 'service',
  title: 'Length of service',
  description: 'People employed on the end date by length of service.',
  endpoint: REPORTS_ENDPOINT,
  group_by: [],
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    return tableResult({
      columns: [
        { key: 'band', label: 'Length of service', kind: 'text', value: (b) => b.band },
        { key: 'people', label: 'People', value: (b) => b.people, total: 'sum', chart: 'teal.6' },
        { key: 'average_years', label: 'Average years', value: (b) => b.average_years },
      ],
      found: await serviceBands(trx, { companyId, reach, filters }),
    });
  },
};

export const REPORTS_ON_MAIN: readonly ReportDefinition[] = [absenceReport, sicknessReport, bradfordReport, headcountReport, serviceReport];
