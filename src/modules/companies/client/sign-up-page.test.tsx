import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import { SignUpPage, type SignUpFrame } from './sign-up-page';

const server = mockApi();

const Frame: SignUpFrame = ({ title, children }) => (
  <main>
    <h1>{title}</h1>
    {children}
  </main>
);

const status = (open: boolean) =>
  server.use(http.get('/api/sign-up', () => HttpResponse.json({ open, contact_email: 'support@stafflane.test' })));

describe('SignUpPage', () => {
  it('closed, says so and whom to write to', async () => {
    status(false);
    renderWithApp(<SignUpPage Frame={Frame} />, { path: '/sign-up' });
    expect(await screen.findByRole('heading', { name: 'Sign-up is closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@stafflane.test' })).toHaveAttribute('href', 'mailto:support@stafflane.test');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('open, sends the form with an empty honeypot and the time it was open, then says to check the e-mail', async () => {
    status(true);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/sign-up', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ email: body.email }, { status: 202 });
      }),
    );
    renderWithApp(<SignUpPage Frame={Frame} />, { path: '/sign-up' });
    const form = await screen.findByRole('form', { name: 'Sign up your company' });
    // The honeypot is for robots: no accessible field by its name.
    expect(screen.queryByRole('textbox', { name: /Company reference/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Kestrel Joinery' } });
    fireEvent.change(screen.getByLabelText(/Your first name/), { target: { value: 'Maya' } });
    fireEvent.change(screen.getByLabelText(/Your surname/), { target: { value: 'Okafor' } });
    fireEvent.change(screen.getByLabelText(/Work e-mail/), { target: { value: 'maya@kestrel.test' } });
    fireEvent.change(screen.getByLabelText(/Number of employees/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Northern Ireland' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      company_name: 'Kestrel Joinery',
      first_name: 'Maya',
      surname: 'Okafor',
      email: 'maya@kestrel.test',
      employees: 12,
      bank_holiday_region: 'northern-ireland',
      company_reference: '',
    });
    expect(bodies[0]?.form_ms).toEqual(expect.any(Number));
    expect(screen.getByRole('status')).toHaveTextContent('We have sent a link to maya@kestrel.test');
  });

  it('shows a refusal past the limits in the server’s words', async () => {
    status(true);
    server.use(
      http.post('/api/sign-up', () =>
        HttpResponse.json(
          { code: 'rateLimited', message: 'Too many sign-ups from your network. Please try again in an hour.' },
          { status: 429 },
        ),
      ),
    );
    renderWithApp(<SignUpPage Frame={Frame} />, { path: '/sign-up' });
    await screen.findByRole('form', { name: 'Sign up your company' });
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Kestrel' } });
    fireEvent.change(screen.getByLabelText(/Your first name/), { target: { value: 'Maya' } });
    fireEvent.change(screen.getByLabelText(/Your surname/), { target: { value: 'Okafor' } });
    fireEvent.change(screen.getByLabelText(/Work e-mail/), { target: { value: 'maya@kestrel.test' } });
    fireEvent.change(screen.getByLabelText(/Number of employees/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Scotland' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-ups from your network.'));
  });
});
