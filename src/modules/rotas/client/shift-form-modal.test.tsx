// The shift dialog's break: prefilled by the rule it comes from (the Working Time rest break
// for shifts over 6 hours, none for a 10:00–16:00), said under the field, following the times
// until the manager types their own, saved as chosen; an empty or negative break refused with
// the contract's message, and the server's field message shown where it belongs.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { RotaPerson, Shift } from '../rotas.contract';
import { ShiftFormModal } from './shift-form-modal';

const server = mockApi();
const DEPARTMENT = '3b1c2a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ELLA = '7d8a3c52-4a1e-4b8e-9d51-0c7e6f2b1a11';
const people: RotaPerson[] = [{ id: ELLA, name: 'Ella Evans', department_id: DEPARTMENT, hourly_rate: null, working_time_opt_out: false }];

function serve(onSave: (body: Record<string, unknown>) => Response | undefined = () => undefined) {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/departments', () => HttpResponse.json({ results: [{ id: DEPARTMENT, name: 'Operations' }], total: 1 })),
    http.get('/api/company-location', () => HttpResponse.json({ results: [], total: 0 })),
    http.post('/api/rota/check', () => HttpResponse.json({ findings: [] })),
    http.post('/api/rota', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return onSave(body) ?? HttpResponse.json({ shift: { id: 's1' }, findings: [] }, { status: 201 });
    }),
  );
  return saved;
}

const breakField = () => screen.getByRole('textbox', { name: 'Unpaid break (minutes)' }) as HTMLInputElement;
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('the break in the shift dialog', () => {
  it('is prefilled by the rule as the times change, and saved as the manager chose it', async () => {
    const saved = serve();
    renderWithApp(
      <ShiftFormModal draft={{ date: '2026-12-07', userId: ELLA, departmentId: DEPARTMENT }} people={people} onClose={() => {}} />,
    );
    await waitFor(() => expect(breakField().value).toBe('20'));
    expect(screen.getByText('20 minutes: the Working Time rest break for shifts over 6 hours.')).toBeTruthy();

    setTime('Start', '10:00');
    setTime('End', '16:00');
    await waitFor(() => expect(breakField().value).toBe('0'));
    expect(screen.getByText('No break: the Working Time rest break (20 minutes) is for shifts over 6 hours.')).toBeTruthy();

    fireEvent.change(breakField(), { target: { value: '15' } });
    expect(breakField().value).toBe('15');
    expect(screen.getByText(/^Chosen for this shift\. The rule would give no break/)).toBeTruthy();
    // Typed once, it stays as typed when the times change.
    setTime('End', '17:00');
    expect(breakField().value).toBe('15');

    fireEvent.click(screen.getByRole('button', { name: 'Save shift' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ break_minutes: 15, start_at: '2026-12-07T10:00:00.000Z', end_at: '2026-12-07T17:00:00.000Z' });
  });

  it('refuses an empty, negative or too long break with the contract message, and shows the server’s', async () => {
    serve(() =>
      HttpResponse.json({ code: 'validation', message: 'Invalid', errors: { break_minutes: ['The server says no.'] } }, { status: 422 }),
    );
    renderWithApp(
      <ShiftFormModal draft={{ date: '2026-12-07', userId: ELLA, departmentId: DEPARTMENT }} people={people} onClose={() => {}} />,
    );
    await waitFor(() => expect(breakField().value).toBe('20'));

    fireEvent.change(breakField(), { target: { value: '' } });
    expect(await screen.findByText('Give the break in whole minutes, 0 for none.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save shift' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(breakField(), { target: { value: '-5' } });
    expect(await screen.findByText('Give the break in whole minutes, 0 for none.')).toBeTruthy();
    fireEvent.change(breakField(), { target: { value: '480' } });
    expect(await screen.findByText('The break must be shorter than the shift.')).toBeTruthy();

    fireEvent.change(breakField(), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save shift' }));
    expect(await screen.findByText('The server says no.')).toBeTruthy();
  });

  it('keeps the break a saved shift was saved with, saying what the rule would give', async () => {
    serve();
    const shift = {
      id: 's9',
      user_id: ELLA,
      department_id: DEPARTMENT,
      start_at: '2026-12-07T09:00:00.000Z',
      end_at: '2026-12-07T17:00:00.000Z',
      break_minutes: 45,
      role: '',
      notes: '',
      colour: 'blue',
      location_id: null,
      override_reason: null,
    } as unknown as Shift;
    renderWithApp(
      <ShiftFormModal draft={{ date: '2026-12-07', userId: ELLA, departmentId: DEPARTMENT, shift }} people={people} onClose={() => {}} />,
    );
    await waitFor(() => expect(breakField().value).toBe('45'));
    expect(screen.getByText(/^Chosen for this shift\. The rule would give 20 minutes/)).toBeTruthy();
  });
});
