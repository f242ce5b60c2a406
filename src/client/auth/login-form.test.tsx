import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { LoginForm } from './login-form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <LoginForm onSignedIn={onSignedIn} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onSignedIn };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('posts the credentials and hands the response over', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          auth_token: 't',
          permissions: [],
          misconfigured: false,
          docs_only: false,
          hr_client: true,
          hs_client: true,
        });
      }),
    );
    const { onSignedIn } = renderForm();
    fillAndSubmit(' owner@demo.test ', 'demo-password');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(body).toEqual({ email: 'owner@demo.test', password: 'demo-password', two_factor_secret: null });
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ auth_token: 't' });
  });

  it("shows the server's message when sign-in is refused", async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ code: 'unauthenticated', message: 'The user has been locked until 01/01/2030' }, { status: 401 }),
      ),
    );
    const { onSignedIn } = renderForm();
    fillAndSubmit('owner@demo.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The user has been locked until 01/01/2030');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('falls back to the standard messages without one', async () => {
    server.use(http.post('/api/login', () => new HttpResponse(null, { status: 401 })));
    renderForm();
    fillAndSubmit('owner@demo.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login Failed, please check your email and password.');

    server.use(
      http.post('/api/login', () => HttpResponse.json({ code: 'internal', message: 'Unexpected error occurred.' }, { status: 500 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unexpected error occurred.'));
  });

  it('checks the fields before sending anything', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Field is required.')).toHaveLength(2);
  });
});
