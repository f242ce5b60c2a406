// The overtime form opened from the time clock's offer: it says how long beyond which shift,
// prefills the hours and the reason, claims with one tap as paid or time off in lieu (only what
// the person may claim) with the hours changed, and dismisses.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { OvertimeOffer } from '../../time-clock/overtime-offers.contract';
import { OfferClaim } from './offer-claim';

const server = mockApi();
const ID = '5f0c2a52-7d1e-4f4e-9b8e-1a2b3c4d5e6f';
const offer = (options: Partial<OvertimeOffer['options']> = {}): OvertimeOffer => ({
  id: ID,
  user_id: 'u1',
  entry_id: 'e1',
  date: '2026-11-24',
  extra_minutes: 50,
  hours: 0.75,
  max_hours: 1,
  status: 'open',
  overtime_id: null,
  options: { enabled: true, paid: true, toil: true, rates: [{ id: 'r1', name: 'Time and a half', multiplier: 1.5 }], ...options },
});
let claims: { url: string; body: unknown }[];

beforeEach(() => {
  claims = [];
  const answer = async ({ request }: { request: Request }) => {
    claims.push({ url: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({ ...offer(), status: 'claimed', overtime_id: 'o1' });
  };
  server.use(
    http.post(`*/api/time-clock-overtime-offers/${ID}/claim`, answer),
    http.post(`*/api/time-clock-overtime-offers/${ID}/dismiss`, answer),
  );
});

it('claims the prefilled time beyond the shift as time off in lieu, with the hours changed', async () => {
  server.use(http.get(`*/api/time-clock-overtime-offers/${ID}`, () => HttpResponse.json(offer())));
  renderWithApp(<OfferClaim id={ID} />);
  expect(await screen.findByText('You worked 50 minutes beyond your shift on 24/11/2026. Claim it as overtime?')).toBeVisible();
  expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveValue('Beyond rostered shift');
  const hours = screen.getByRole('textbox', { name: 'Hours' });
  expect(hours).toHaveValue('0.75');
  fireEvent.change(hours, { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Claim as time off in lieu' }));
  await waitFor(() => expect(claims).toHaveLength(1));
  expect(claims[0]).toEqual({
    url: `/api/time-clock-overtime-offers/${ID}/claim`,
    body: { compensation: 'toil', hours: 1, reason: 'Beyond rostered shift', overtime_rate_id: null },
  });
});

it('offers only what the person may claim, and dismisses', async () => {
  server.use(http.get(`*/api/time-clock-overtime-offers/${ID}`, () => HttpResponse.json(offer({ paid: false }))));
  renderWithApp(<OfferClaim id={ID} />);
  expect(await screen.findByRole('button', { name: 'Claim as time off in lieu' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Claim as paid' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(claims).toEqual([{ url: `/api/time-clock-overtime-offers/${ID}/dismiss`, body: {} }]));
});
