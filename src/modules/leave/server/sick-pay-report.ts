// The Statutory Sick Pay report: per person in reach, the SSP days, waiting days and amount
// falling in the range (each worked out over the person's whole sickness, so linked periods
// and the 28 weeks count from before the range), and who reached the SSP1 point in it.
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { peopleConditions } from '../../../server/reports/report-people.queries';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { REPORTS_ENDPOINT, type ReportRow } from '../../../shared/reports.contract';
import { sickPayOf } from './sick-pay';
import { findSickPeople } from './sick-pay.queries';

const round2 = (value: number) => Math.round(value * 100) / 100;

export const sickPayReport: ReportDefinition = {
  key: 'statutory_sick_pay',
  title: 'Statutory Sick Pay',
  description: 'SSP days, waiting days and amounts by person, and who reached the 28 weeks (form SSP1).',
  endpoint: REPORTS_ENDPOINT,
  group_by: [],
  async run(trx, { companyId, filters, reach, today }) {
    const { from, to } = filters;
    const people = await findSickPeople(trx, { companyId, conditions: peopleConditions({ companyId, reach, filters }), from, to });
    const computed = await sickPayOf(trx, { companyId, userIds: people.map((person) => person.id), today, until: to });
    const rows: ReportRow[] = [];
    for (const person of people) {
      const days = (computed.get(person.id)?.days ?? []).filter((day) => day.date >= from && day.date <= to);
      const paid = days.filter((day) => day.status === 'paid');
      const ended = days.find((day) => day.status === 'maximum_reached');
      rows.push({
        person: person.name,
        department: person.department ?? '',
        ssp_days: paid.length,
        waiting_days: days.filter((day) => day.status === 'waiting').length,
        amount: round2(paid.reduce((sum, day) => sum + day.amount, 0)),
        ssp1: ended ? formatCalendarDate(ended.date, DATE_FORMATS.date) : '',
      });
    }
    const total = (key: string) => round2(rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0));
    return {
      columns: [
        { key: 'person', label: 'Person', kind: 'text' },
        { key: 'department', label: 'Department', kind: 'text' },
        { key: 'ssp_days', label: 'SSP days', kind: 'number' },
        { key: 'waiting_days', label: 'Waiting days', kind: 'number' },
        { key: 'amount', label: 'SSP (£)', kind: 'number' },
        { key: 'ssp1', label: '28 weeks reached (SSP1)', kind: 'text' },
      ],
      rows,
      totals: { person: 'Total', ssp_days: total('ssp_days'), waiting_days: total('waiting_days'), amount: total('amount') },
      chart:
        rows.length > 0
          ? { type: 'bar', index: 'person', series: [{ name: 'amount', label: 'SSP (£)', color: 'teal.6' }], data: rows }
          : null,
    };
  },
};
