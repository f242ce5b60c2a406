// A report grouped by one choice of its "group by" (person, department, month, …), built the one
// way every module's grouped report is: the chosen group's column first, then the report's own
// columns, a Total row and a bar chart of the first 24 groups. A module says what its groups
// are, how it finds one row a group, and its columns.
import type { ReportDefinition, ReportRunInput } from './report-definition';
import { tableResult, type ReportFigure } from './report-table';
import type { Trx } from '../db/database';

export type ReportGroup<G extends string> = { value: G; label: string };

/** The groups most reports offer over the people `u` they join (see PERSON_GROUP_KEYS) and their dates. */
export const PERSON_AND_MONTH_GROUPS = [
  { value: 'person', label: 'Person' },
  { value: 'department', label: 'Department' },
  { value: 'month', label: 'Month' },
] as const satisfies readonly ReportGroup<string>[];

/** How many groups a chart shows: more bars than this cannot be read. */
const CHART_GROUPS = 24;

export function groupedReport<G extends string, T extends { label: string }>(
  report: Omit<ReportDefinition, 'group_by' | 'run'> & {
    groups: [ReportGroup<G>, ...ReportGroup<G>[]];
    /** One record a group, labelled with the group's name, in the order the rows show. */
    find: (trx: Trx, input: ReportRunInput & { group: G }) => Promise<readonly T[]>;
    columns: readonly ReportFigure<T>[] | ((group: G) => readonly ReportFigure<T>[]);
  },
): ReportDefinition {
  const { groups, find, columns, ...summary } = report;
  return {
    ...summary,
    group_by: groups,
    async run(trx, input) {
      const group = groups.find((candidate) => candidate.value === input.filters.group_by) ?? groups[0];
      const own = typeof columns === 'function' ? columns(group.value) : columns;
      return tableResult({
        columns: [{ key: 'group', label: group.label, kind: 'text', value: (found) => found.label }, ...own],
        found: await find(trx, { ...input, group: group.value }),
        chart: { rows: CHART_GROUPS },
      });
    },
  };
}
