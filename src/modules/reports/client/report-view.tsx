// One report's answer: its chart (Mantine charts), then the table with the totals row.
import '@mantine/charts/styles.css';
import '@mantine/core/styles/Table.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, ScrollArea, Table, Text } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResult } from '../../../shared/reports.contract';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const cell = (value: ReportCell | undefined, column: ReportColumn) => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return column.kind === 'percent' ? `${number.format(value)}%` : number.format(value);
  return value;
};

export function ReportChart({ result }: { result: ReportResult }) {
  const chart = result.chart;
  if (!chart || chart.data.length === 0) return null;
  const series = chart.series.map((s) => ({ name: s.name, label: s.label, color: s.color }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-chart">
      {chart.type === 'line' ? (
        <LineChart h={280} data={chart.data} dataKey={chart.index} series={series} withLegend curveType="linear" />
      ) : (
        <BarChart h={280} data={chart.data} dataKey={chart.index} series={series} withLegend />
      )}
    </Paper>
  );
}

export function ReportTable({ result, caption }: { result: ReportResult; caption: string }) {
  if (result.rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">Nothing to report for these filters.</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <ScrollArea>
        <Table striped highlightOnHover aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {result.columns.map((column) => (
                <Table.Th key={column.key} ta={column.kind === 'text' ? 'left' : 'right'}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row, index) => (
              <Table.Tr key={index}>
                {result.columns.map((column) => (
                  <Table.Td key={column.key} ta={column.kind === 'text' ? 'left' : 'right'}>
                    {cell(row[column.key], column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              {result.columns.map((column) => (
                <Table.Th key={column.key} ta={column.kind === 'text' ? 'left' : 'right'}>
                  {cell(result.totals[column.key], column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      {result.note && (
        <Text size="xs" c="dimmed" p="sm">
          {result.note}
        </Text>
      )}
    </Paper>
  );
}
