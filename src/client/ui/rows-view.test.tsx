import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions, RowsView, type RowColumn } from './rows-view';
import { renderWithApp } from './test-render';

type Permit = { id: string; name: string; expires: string };
const PERMITS: Permit[] = [
  { id: 'a', name: 'Visa', expires: '01/03/2027' },
  { id: 'b', name: 'Licence', expires: '10/12/2026' },
];
const COLUMNS: RowColumn<Permit>[] = [
  { label: 'Name', render: (permit) => permit.name },
  { label: 'Expires', render: (permit) => permit.expires },
];
const markOf = (permit: Permit) => (permit.id === 'b' ? { label: 'Expires soon', colour: 'orange' } : null);

const realMatchMedia = window.matchMedia;
function phone() {
  window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
}
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('RowsView', () => {
  it('draws a table with a header a column, the mark, and the actions a row may take', async () => {
    const onDelete = vi.fn();
    renderWithApp(
      <RowsView
        label="Permits"
        rows={PERMITS}
        columns={COLUMNS}
        markOf={markOf}
        actions={(permit) => <RowActions name={permit.name} onDelete={() => onDelete(permit.id)} />}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Permits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Expires', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('Expires soon')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Expires soon')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Visa' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Licence' }));
    expect(onDelete).toHaveBeenCalledWith('b');
  });

  it('stacks a card a row on a phone, each value beside its label', async () => {
    phone();
    renderWithApp(<RowsView label="Permits" rows={PERMITS} columns={COLUMNS} titleOf={(permit) => permit.name} markOf={markOf} />);
    const list = await screen.findByRole('list', { name: 'Permits' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const licence = within(list).getByRole('listitem', { name: 'Licence' });
    expect(within(licence).getByText('Expires')).toBeInTheDocument();
    expect(within(licence).getByText('10/12/2026')).toBeInTheDocument();
    expect(within(licence).getByText('Expires soon')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'Visa' })).not.toHaveTextContent('Expires soon');
  });
});
