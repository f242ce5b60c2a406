import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { HttpMethod, PermissionEntry } from '../../../../shared/scopes';
import type { WorkingPatternList, WorkingPatternRecord } from '../../employment-records.contract';
import WorkingPatternTab from './working-pattern-tab';

const server = mockApi();
const USER = '11111111-1111-4111-8111-111111111111';
const TEMPLATE = { id: '22222222-2222-4222-8222-222222222222', created_at: '2026-01-01T00:00:00.000Z', name: 'Part time' };
const week = (mon: number, tue: number, wed: number, thu: number, fri: number) =>
  ({ mon_hours: mon, tue_hours: tue, wed_hours: wed, thu_hours: thu, fri_hours: fri, sat_hours: 0, sun_hours: 0 }) as const;

const pattern = (id: string, start: string, hours: ReturnType<typeof week>, templateName: string | null = null): WorkingPatternRecord => ({
  id,
  user_id: USER,
  created_at: `${start}T09:00:00.000Z`,
  template_id: templateName ? TEMPLATE.id : null,
  template_name: templateName,
  start_date: start,
  ...hours,
  total_hours: Object.values(hours).reduce((sum, value) => sum + value, 0),
});

let patterns: WorkingPatternRecord[];
let currentId: string | null;
let posted: unknown[];
let validated: unknown[];
let deleted: string[];

function serve(validateAnswer: () => object = () => ({ errors: {} })) {
  server.use(
    http.get('/api/user-working-pattern', ({ request }) => {
      if (new URL(request.url).searchParams.get('user_id') !== USER) return HttpResponse.json({ code: 'notFound' }, { status: 404 });
      const answer: WorkingPatternList = { results: patterns, count: patterns.length, next_offset: patterns.length, current_id: currentId };
      return HttpResponse.json(answer);
    }),
    http.get('/api/working-pattern-templates', () =>
      HttpResponse.json({ results: [{ ...TEMPLATE, ...week(4, 4, 4, 0, 0) }], count: 1, next_offset: 1 }),
    ),
    http.post('/api/user-working-pattern/validate', async ({ request }) => {
      validated.push(await request.json());
      return HttpResponse.json(validateAnswer());
    }),
    http.post('/api/user-working-pattern', async ({ request }) => {
      const body = (await request.json()) as { start_date: string };
      posted.push(body);
      const created = pattern('p3', body.start_date, week(4, 4, 4, 0, 0), 'Part time');
      patterns = [created, ...patterns];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete('/api/user-working-pattern/:id', ({ params }) => {
      deleted.push(String(params.id));
      patterns = patterns.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

const allow = (methods: HttpMethod[], type: PermissionEntry['type']) =>
  localStorage.setItem('permissions', JSON.stringify(methods.map((method) => ({ endpoint: '/api/user-working-pattern', method, type }))));

beforeEach(() => {
  localStorage.clear();
  patterns = [pattern('p2', '2026-01-05', week(7.5, 7.5, 7.5, 7.5, 7.5), 'Full time'), pattern('p1', '2024-01-01', week(8, 8, 8, 8, 4.5))];
  currentId = 'p2';
  posted = [];
  validated = [];
  deleted = [];
});

describe('the working pattern tab', () => {
  it('shows the current pattern as a Monday-to-Sunday grid with its total, and the history, to a reader without write buttons', async () => {
    allow(['GET'], 'own');
    serve();
    renderWithApp(<WorkingPatternTab userId={USER} self />);
    const grid = await screen.findByRole('table', { name: 'Current working pattern' });
    const cells = within(grid)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['7.5', '7.5', '7.5', '7.5', '7.5', 'Off', 'Off', '37.5']);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Total']);
    expect(screen.getByText('37.5 hours a week')).toBeInTheDocument();
    expect(screen.getByText('Since 05/01/2026 · from the template “Full time”')).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Pattern history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['05/01/2026', '01/01/2024']);
    expect(within(rows[0]!).getByText('Current')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('36.5 hours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New pattern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('says when no pattern is in force', async () => {
    allow(['GET'], 'own');
    currentId = null;
    serve();
    renderWithApp(<WorkingPatternTab userId={USER} self />);
    expect(await screen.findByText('No working pattern is in force today.')).toBeInTheDocument();
  });

  it('lets a manager start a new pattern from a template, checked by the server before it is saved', async () => {
    allow(['GET', 'POST', 'PUT', 'DELETE'], 'department');
    serve();
    renderWithApp(<WorkingPatternTab userId={USER} self={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New pattern' }));
    const form = await screen.findByRole('form', { name: 'New working pattern' });
    fireEvent.change(within(form).getByLabelText(/^Starts on/), { target: { value: '2026-12-07' } });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Start from template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Part time' }));
    expect(within(form).getByRole('textbox', { name: 'Monday' })).toHaveValue('4');
    expect(within(form).getByText('Total: 12 hours a week')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    const expected = { user_id: USER, start_date: '2026-12-07', template_id: TEMPLATE.id, ...week(4, 4, 4, 0, 0) };
    expect(validated).toEqual([expected]);
    expect(posted).toEqual([expected]);
    expect(await screen.findByText('Working pattern added.')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Pattern history' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
  });

  it('keeps the form open with the server’s field errors, and saves nothing', async () => {
    allow(['GET', 'POST'], 'department');
    serve(() => ({ errors: { tue_hours: ['Use quarter hours (such as 7.25 or 7.5).'] } }));
    renderWithApp(<WorkingPatternTab userId={USER} self={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New pattern' }));
    const form = await screen.findByRole('form', { name: 'New working pattern' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field is required.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Starts on/), { target: { value: '2026-12-07' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Use quarter hours (such as 7.25 or 7.5).')).toBeInTheDocument();
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('deletes a pattern only after a confirmation', async () => {
    allow(['GET', 'DELETE'], 'company');
    serve();
    renderWithApp(<WorkingPatternTab userId={USER} self={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete pattern from 01/01/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete working pattern' });
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['p1']));
    expect(await screen.findByText('Working pattern deleted.')).toBeInTheDocument();
  });
});
