import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PersonFound } from '../../shared/people-search';
import { PersonSelect } from './person-select';
import { mockApi, renderWithApp } from './test-render';

const server = mockApi();

const PEOPLE: PersonFound[] = [
  { id: 'p-ella', first_name: 'Ella', surname: 'Evans' },
  { id: 'p-grace', first_name: 'Grace', surname: 'Green' },
];

/** The directory's basic list as the server answers it, and each query it was asked. */
function directory(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/user-basic', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const search = (query.get('search') ?? '').toLowerCase();
      return HttpResponse.json({ results: PEOPLE.filter((person) => person.first_name.toLowerCase().startsWith(search)) });
    }),
  );
  return asked;
}

function Chooser({ asFilter = false }: { asFilter?: boolean }) {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <PersonSelect label="Person" value={id} onChange={setId} asFilter={asFilter} />
      <output>{`chosen: ${id ?? 'no one'}`}</output>
    </>
  );
}

describe('PersonSelect', () => {
  it('asks the server for active people by the name typed, and keeps the choice', async () => {
    const asked = directory();
    renderWithApp(<Chooser />);
    const box = await screen.findByRole('combobox', { name: 'Person' });
    box.focus();
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'gr' } });
    await waitFor(() => expect(asked.map((query) => query.get('search'))).toContain('gr'));
    // The server's answer is the list: Ella is no longer offered.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ella Evans' })).not.toBeInTheDocument());
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Green' }));
    expect(await screen.findByText('chosen: p-grace')).toBeInTheDocument();
    const searched = asked.find((query) => query.get('search') === 'gr')!;
    expect(searched.getAll('status[]')).toEqual(['active']);
    expect(searched.get('limit')).toBe('20');
    // Her name in the box is the choice, not a new search.
    expect(asked.some((query) => query.get('search') === 'Grace Green')).toBe(false);
  });

  it('as a list filter asks about anyone, and says "Anyone" while no one is chosen', async () => {
    const asked = directory();
    renderWithApp(<Chooser asFilter />);
    const box = await screen.findByRole('combobox', { name: 'Person' });
    expect(box).toHaveAttribute('placeholder', 'Anyone');
    box.focus();
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'el' } });
    await waitFor(() => expect(asked.map((query) => query.get('search'))).toContain('el'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Grace Green' })).not.toBeInTheDocument());
    fireEvent.click(await screen.findByRole('option', { name: 'Ella Evans' }));
    expect(await screen.findByText('chosen: p-ella')).toBeInTheDocument();
    expect(asked.find((query) => query.get('search') === 'el')?.getAll('status[]')).toEqual([]);
  });
});
