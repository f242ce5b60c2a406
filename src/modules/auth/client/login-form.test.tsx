import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginMessages, type LoginFailure } from '../auth.contract';
import { LoginForm } from './login-form';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';

const server = mockApi();
afterEach(() => {
  vi.useRealTimers();
});

const SIGNED_IN = { auth_token: 't', permissions: [], misconfigured: false, docs_only: false, hr_client: true, hs_client: true };
const CODE_REQUIRED: LoginFailure = {
  status: 'two_factor_required',
  message: 'Enter the code we sent you.',
  ttl: 90,
  method: 'mail',
  contact: 'o****@demo.test',
};

async function renderForm() {
  const onSignedIn = vi.fn();
  renderWithApp(<LoginForm onSignedIn={onSignedIn} />, { path: '/login' });
  await screen.findByRole('button', { name: 'Sign in' });
  return { onSignedIn };
}

const emailField = () => screen.queryByRole('textbox', { name: 'E-mail' });
const passwordField = () => screen.queryByLabelText(/^Password/) as HTMLInputElement | null;

function fill(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

/** Answers POST /api/login with each of `answers` in turn, and records the bodies sent. */
function answerLogins(...answers: (() => Response)[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/login', async ({ request }) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      return answer ? answer() : HttpResponse.json({}, { status: 500 });
    }),
  );
  return bodies;
}

const refuse = (body: LoginFailure) => () => HttpResponse.json(body, { status: 401 });

describe('LoginForm: credentials', () => {
  it('posts the trimmed e-mail and the password, and hands the response over', async () => {
    const bodies = answerLogins(() => HttpResponse.json(SIGNED_IN));
    const { onSignedIn } = await renderForm();
    fill(' owner@demo.test ', 'demo-password');
    submit();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ email: 'owner@demo.test', password: 'demo-password', two_factor_secret: null }]);
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ auth_token: 't' });
  });

  it('says "Signing in" while the request is out', async () => {
    let release: () => void = () => undefined;
    server.use(http.post('/api/login', () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json(SIGNED_IN))))));
    await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    release();
    await screen.findByRole('button', { name: 'Sign in' });
  });

  it.each([
    ['', '', ['Field is required.', 'Field is required.']],
    ['owner#demo.test', 'demo-password', ['Invalid characters in email']],
    ['owner demo@test', 'demo-password', ['Invalid characters in email']],
    ['owner.demo.test', 'demo-password', ['Invalid email format']],
    ['owner@demo', 'demo-password', ['Invalid email format']],
    ["o'brien@demo.test", 'abcd', ["It's too short."]],
  ])('checks %j / %j before sending anything', async (email, password, messages) => {
    const bodies = answerLogins(() => HttpResponse.json(SIGNED_IN));
    await renderForm();
    fill(email, password);
    submit();
    for (const message of new Set(messages))
      expect(await screen.findAllByText(message)).toHaveLength(messages.filter((m) => m === message).length);
    expect(bodies).toEqual([]);
  });
});

describe("LoginForm: index.html's static card", () => {
  it('takes over what was typed there, and signs in when "Sign in" was pressed before the app arrived', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="static"><input id="boot-email"><input id="boot-password"></div>');
    (document.getElementById('boot-email') as HTMLInputElement).value = 'owner@demo.test';
    (document.getElementById('boot-password') as HTMLInputElement).value = 'demo-password';
    document.documentElement.setAttribute('data-boot-submit', '1');
    const bodies = answerLogins(() => HttpResponse.json(SIGNED_IN));
    const { onSignedIn } = await renderForm();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ email: 'owner@demo.test', password: 'demo-password', two_factor_secret: null }]);
    expect(document.documentElement.hasAttribute('data-boot-submit')).toBe(false);
    document.getElementById('static')?.remove();
  });
});

describe('LoginForm: refusals', () => {
  it.each<[string, () => Response, string, boolean]>([
    [
      'attempts counted',
      refuse({ status: 'failed', message: 'x', attempts: 2, max_attempts: 5 }),
      'Login failed, you have used 2 of your 5 attempts',
      true,
    ],
    ['no attempts', refuse({ status: 'failed', message: 'x' }), loginMessages.failed, false],
    [
      'locked',
      refuse({ status: 'locked', message: 'The user has been locked until 01/01/2030 10:30', lockout_date: '2030-01-01T10:30:00Z' }),
      'The user has been locked until 01/01/2030 10:30',
      true,
    ],
    [
      'invite not accepted',
      refuse({ status: 'invite_not_accepted', message: 'Invite not accepted.' }),
      loginMessages.onboardingNotCompleted,
      false,
    ],
    ['company not active', refuse({ status: 'company_inactive', message: 'x' }), loginMessages.companyInactive, false],
    ['account on hold', refuse({ status: 'account_on_hold', message: 'x' }), loginMessages.accountOnHold, false],
    ['access disabled', refuse({ status: 'access_disabled', message: 'x' }), loginMessages.accessDisabled, false],
    [
      'too many failed sign-ins from the network',
      () => HttpResponse.json({ code: 'rateLimited', message: loginMessages.tooManyAttempts(15) }, { status: 429 }),
      'Too many failed sign-ins from your network. Please try again in 15 minutes.',
      false,
    ],
    [
      'server error',
      () => HttpResponse.json({ code: 'internal', message: 'Unexpected error occurred.' }, { status: 500 }),
      'Unexpected error occurred.',
      false,
    ],
    ['a body that is not JSON', () => new HttpResponse('<html>Bad gateway</html>', { status: 401 }), 'Unexpected error occurred.', false],
    ['no answer at all', () => HttpResponse.error(), 'Unexpected error occurred.', false],
  ])('%s', async (_case, answer, message, resetLink) => {
    answerLogins(answer);
    const { onSignedIn } = await renderForm();
    fill('owner@demo.test', 'wrong-password');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const link = within(alert).queryByRole('link', { name: 'Reset your password' });
    if (resetLink) expect(link).toHaveAttribute('href', '/reset-password');
    else expect(link).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
    // Still the credentials step, ready for another go.
    expect(emailField()).toBeInTheDocument();
  });
});

describe('LoginForm: the two-factor step', () => {
  it('hides e-mail and password, shows where the code went and counts its time down', async () => {
    const bodies = answerLogins(refuse(CODE_REQUIRED), () => HttpResponse.json(SIGNED_IN));
    const { onSignedIn } = await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();

    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(emailField()).toBeNull();
    expect(passwordField()).toBeNull();
    expect(screen.getByText('We have sent a code to your e-mail address o****@demo.test.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^01:(30|29)$/);
    expect(screen.queryByRole('alert')).toBeNull();

    submit();
    expect(await screen.findByText('Field is required.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '123456' } });
    submit();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(bodies[1]).toEqual({ email: 'owner@demo.test', password: 'demo-password', two_factor_secret: '123456' });
  });

  it("asks for the authenticator app's code with no countdown, and takes a recovery code instead", async () => {
    const bodies = answerLogins(refuse({ ...CODE_REQUIRED, method: 'app', contact: '' }), () => HttpResponse.json(SIGNED_IN));
    const { onSignedIn } = await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByRole('textbox', { name: 'Recovery code' });
    fireEvent.change(recovery, { target: { value: 'abcde-fghjk' } });
    submit();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(bodies[1]).toEqual({ email: 'owner@demo.test', password: 'demo-password', two_factor_secret: 'abcde-fghjk' });
  });

  it('says the code was sent to a mobile phone when it was', async () => {
    answerLogins(refuse({ ...CODE_REQUIRED, method: 'mobile', contact: '07*** ***123' }));
    await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    expect(await screen.findByText('We have sent a code to your mobile phone 07*** ***123.')).toBeInTheDocument();
  });

  it('stays in the code step on a wrong code, with "Invalid code, please try again."', async () => {
    answerLogins(refuse(CODE_REQUIRED), refuse({ status: 'invalid_code', message: 'Invalid code, please try again.' }));
    await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '000000' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code, please try again.');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('');
    expect(emailField()).toBeNull();
  });

  it('goes back to the start when the countdown reaches zero: password, code and error cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLogins(refuse(CODE_REQUIRED), refuse({ status: 'invalid_code', message: 'Invalid code, please try again.' }));
    await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    const code = await screen.findByRole('textbox', { name: 'Code' });
    fireEvent.change(code, { target: { value: '000000' } });
    submit();
    await screen.findByRole('alert');
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '12' } });

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:(30|29)$/);
    await act(() => vi.advanceTimersByTimeAsync(31_000));

    expect(screen.queryByRole('textbox', { name: 'Code' })).toBeNull();
    expect(emailField()).toHaveValue('owner@demo.test');
    expect(passwordField()).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Start again" leaves the code step at once', async () => {
    answerLogins(refuse(CODE_REQUIRED));
    await renderForm();
    fill('owner@demo.test', 'demo-password');
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Start again' }));
    expect(emailField()).toHaveValue('owner@demo.test');
    expect(passwordField()).toHaveValue('');
  });
});
