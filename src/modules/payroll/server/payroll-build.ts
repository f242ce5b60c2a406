// Builds a pay period's payroll data: every registered contributor's elements (overtime,
// leave, expenses…) dated in the period — and earlier ones not yet exported, which are late
// corrections — less what an exported period already carried, plus the period's starters
// and leavers; then per person, per element, summed.
import type { Trx } from '../../../server/db/database';
import type { PayrollContributor, PayrollElement } from '../../../server/module-hooks';
import type { PayPeriodDetail, PayrollLine, PayrollPerson } from '../payroll.contract';
import type { PayPeriod } from '../pay-periods';
import { findExportedKeys, findFirstExportedStart, findPayrollPeople, type PayrollPersonRow } from './payroll.queries';

const round2 = (value: number) => Math.round(value * 100) / 100;
const keyOf = (element: Pick<PayrollElement, 'source' | 'key'>) => `${element.source}\u0000${element.key}`;

/** The elements of the period not yet exported, and the people they are about. */
export async function gatherElements(
  trx: Trx,
  input: { companyId: string; period: PayPeriod; contributors: readonly PayrollContributor[] },
): Promise<{ elements: PayrollElement[]; people: PayrollPersonRow[] }> {
  const { companyId, period } = input;
  const firstExported = await findFirstExportedStart(trx, companyId);
  const since = firstExported && firstExported < period.start_date ? firstExported : period.start_date;
  const window = { companyId, from: period.start_date, to: period.end_date, since };
  let elements: PayrollElement[] = [];
  for (const contributor of input.contributors) elements.push(...(await contributor.elements(trx, window)));
  elements = elements.filter((element) => element.date <= period.end_date);
  const earliest = elements.reduce((min, element) => (element.date < min ? element.date : min), since);
  const exported = await findExportedKeys(trx, { companyId, since: earliest });
  elements = elements.filter((element) => !exported.has(keyOf(element)));
  const people = await findPayrollPeople(trx, {
    companyId,
    userIds: [...new Set(elements.map((element) => element.userId))],
    from: period.start_date,
    to: period.end_date,
  });
  for (const person of people) {
    if (person.start_date && person.start_date >= period.start_date && person.start_date <= period.end_date) {
      elements.push({
        userId: person.id,
        source: 'people',
        key: `starter:${person.id}:${person.start_date}`,
        date: person.start_date,
        code: 'STARTER',
        label: 'Starter',
      });
    }
    if (person.termination_date && person.termination_date >= period.start_date && person.termination_date <= period.end_date) {
      elements.push({
        userId: person.id,
        source: 'people',
        key: `leaver:${person.id}:${person.termination_date}`,
        date: person.termination_date,
        code: 'LEAVER',
        label: 'Leaver',
      });
    }
  }
  return { elements: elements.filter((element) => !exported.has(keyOf(element))), people };
}

const add = (a: number | null, b: number | null | undefined) => (b === null || b === undefined ? a : round2((a ?? 0) + b));

/** Per person, per element (code, label, multiplier), summed; people by surname. */
export function summarise(
  period: PayPeriod,
  elements: readonly PayrollElement[],
  people: readonly PayrollPersonRow[],
): {
  people: PayrollPerson[];
  totals: PayPeriodDetail['totals'];
} {
  const byPerson = new Map<string, Map<string, PayrollLine>>();
  for (const element of elements) {
    const lines = byPerson.get(element.userId) ?? new Map<string, PayrollLine>();
    byPerson.set(element.userId, lines);
    const lineKey = `${element.code}\u0000${element.label}\u0000${element.multiplier ?? ''}`;
    const line = lines.get(lineKey) ?? {
      code: element.code,
      label: element.label,
      source: element.source,
      hours: null,
      multiplier: element.multiplier ?? null,
      payable_hours: null,
      days: null,
      qualifying_days: null,
      amount: null,
      taxable: element.taxable ?? null,
      dates: [],
      late: false,
    };
    line.hours = add(line.hours, element.hours);
    if (element.multiplier !== null && element.multiplier !== undefined && element.hours !== null && element.hours !== undefined) {
      line.payable_hours = add(line.payable_hours, element.hours * element.multiplier);
    }
    line.days = add(line.days, element.days);
    line.qualifying_days = add(line.qualifying_days, element.qualifyingDays);
    line.amount = add(line.amount, element.amount);
    if (!line.dates.includes(element.date)) line.dates.push(element.date);
    if (element.date < period.start_date) line.late = true;
    lines.set(lineKey, line);
  }
  const result: PayrollPerson[] = [];
  const totals = { people: 0, overtime_hours: 0, payable_hours: 0, amount: 0, unpaid_days: 0, sick_days: 0 };
  for (const person of people) {
    const lines = [...(byPerson.get(person.id)?.values() ?? [])].map((line) => ({ ...line, dates: line.dates.sort() }));
    if (lines.length === 0) continue;
    lines.sort((a, b) => a.code.localeCompare(b.code) || a.label.localeCompare(b.label));
    for (const line of lines) {
      if (line.multiplier !== null) totals.overtime_hours = round2(totals.overtime_hours + (line.hours ?? 0));
      totals.payable_hours = round2(totals.payable_hours + (line.payable_hours ?? 0));
      totals.amount = round2(totals.amount + (line.amount ?? 0));
      if (line.code === 'UNPAID') totals.unpaid_days = round2(totals.unpaid_days + (line.days ?? 0));
      if (line.code === 'SICK') totals.sick_days = round2(totals.sick_days + (line.days ?? 0));
    }
    result.push({
      user_id: person.id,
      name: `${person.first_name} ${person.surname}`,
      first_name: person.first_name,
      surname: person.surname,
      department: person.department,
      payroll_number: person.payroll_number,
      ni_number: person.ni_number,
      starter_date: lines.some((line) => line.code === 'STARTER') ? person.start_date : null,
      leaver_date: lines.some((line) => line.code === 'LEAVER') ? person.termination_date : null,
      lines,
    });
  }
  totals.people = result.length;
  return { people: result, totals };
}
