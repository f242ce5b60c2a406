// The Statutory Sick Pay report: per person in reach, the SSP days, waiting days and amount
// falling in the range (each worked out over the person's whole sickness, so linked periods
// and the 28 weeks count from before the range), and who reached the SSP1 point in it.
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { round } from '../../../server/reports/report-figures';
import { peopleConditions } from '../../../server/reports/report-people.queries';
import { tableResult } from '../../../server/reports/report-table';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { REPORTS_ENDPOINT } from '../../../shared/reports.contract';
import type { SspDay } from '../statutory-sick-pay';
import { sickPayOf } from './sick-pay';
import { findSickPeople } from './sick-pay.queries';

/** A person in reach, with their SSP days that fall in the range. */
type SickPerson = { name: string; department: string | null; days: SspDay[] };

const paid = (person: SickPerson) => person.days.filter((day) => day.status === 'paid');

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
    const found: SickPerson[] = people.map((person) => ({
      name: person.name,
      department: person.department,
      days: (computed.get(person.id)?.days ?? []).filter((day) => day.date >= from && day.date <= to),
    }));
    return tableResult({
      columns: [
        { key: 'person', label: 'Person', kind: 'text', value: (person) => person.name },
        { key: 'department', label: 'Department', kind: 'text', value: (person) => person.department ?? '' },
        { key: 'ssp_days', label: 'SSP days', value: (person) => paid(person).length, total: 'sum' },
        {
          key: 'waiting_days',
          label: 'Waiting days',
          value: (person) => person.days.filter((day) => day.status === 'waiting').length,
          total: 'sum',
        },
        {
          key: 'amount',
          label: 'SSP (£)',
          value: (person) =>
            round(
              paid(person).reduce((total, day) => total + day.amount, 0),
              2,
            ),
          total: 'sum',
          chart: 'teal.6',
        },
        {
          key: 'ssp1',
          label: '28 weeks reached (SSP1)',
          kind: 'text',
          value: (person) => {
            const ended = person.days.find((day) => day.status === 'maximum_reached');
            return ended ? formatCalendarDate(ended.date, DATE_FORMATS.date) : '';
          },
        },
      ],
      found,
      chart: { noneWhenEmpty: true },
    });
  },
};
