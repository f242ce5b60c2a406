import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { ClockingSettings } from '../time-clock-location.contract';
import { TIME_CLOCK_SETTINGS_ENDPOINT } from '../time-clock.contract';
import { overtimeOfferPaths } from '../overtime-offers.contract';
import { clockingPaths } from '../time-clock-location.contract';
import { ClockingSettingsButton } from './clocking-settings';

const server = mockApi();

const CLOCKING: ClockingSettings = { clock_without_shift: true, sites: [] };

beforeEach(() =>
  localStorage.setItem('permissions', JSON.stringify([{ endpoint: TIME_CLOCK_SETTINGS_ENDPOINT, method: 'PUT', type: 'company' }])),
);

describe('Clocking settings', () => {
  it('shows how far past a shift approved time is offered as overtime, and saves a new figure', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(clockingPaths.clocking, () => HttpResponse.json(CLOCKING)),
      http.get(overtimeOfferPaths.settings, () => HttpResponse.json({ overtime_offer_minutes: 15 })),
      http.put(overtimeOfferPaths.settings, async ({ request }) => {
        const body = (await request.json()) as { overtime_offer_minutes: number };
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    renderWithApp(<ClockingSettingsButton />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clocking settings' }));
    const form = await screen.findByRole('form', { name: 'Overtime offers' });
    const minutes = within(form).getByRole('textbox', { name: /Offer time past a shift as overtime after/ });
    expect(minutes).toHaveValue('15');
    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ overtime_offer_minutes: 30 }]));
  });

  it("shows the server's message for a figure out of range", async () => {
    server.use(
      http.get(clockingPaths.clocking, () => HttpResponse.json(CLOCKING)),
      http.get(overtimeOfferPaths.settings, () => HttpResponse.json({ overtime_offer_minutes: 15 })),
      http.put(overtimeOfferPaths.settings, () =>
        HttpResponse.json({ errors: { overtime_offer_minutes: ['Between 0 and 240 minutes.'] } }, { status: 422 }),
      ),
    );
    renderWithApp(<ClockingSettingsButton />);
    fireEvent.click(await screen.findByRole('button', { name: 'Clocking settings' }));
    const form = await screen.findByRole('form', { name: 'Overtime offers' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Offer time past a shift/ }), { target: { value: '300' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Between 0 and 240 minutes.')).toBeInTheDocument();
  });
});
