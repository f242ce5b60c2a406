// The demo accounts the e2e server is seeded with (src/app/server/seed.ts), and sign-in over the API.
import { expect, type APIRequestContext } from '@playwright/test';
import type { LoginFailure, LoginResponse } from '../../../src/modules/auth/auth.contract';
import { waitForMail, mailCount } from './mail-sink';

export const DEMO_PASSWORD = 'demo-password';
export const ACCOUNTS = {
  owner: 'owner@demo.test',
  manager: 'manager@demo.test',
  employee: 'employee@demo.test',
  docs: 'docs@demo.test',
  admin: 'admin@stafflane.test',
  /** HR admin: asked about nobody's leave in the demo, so other tests do not notify her. */
  hrAdmin: 'emily.walker@demo.test',
  /** Leo Thompson, whom no other spec signs in as: the two-factor tests turn codes on for him, and a spec
   * signing in beside them as anyone else would meet the code step. */
  twoFactor: 'leo.thompson@demo.test',
  /** Jack Robertson, whom no other spec signs in as: the password tests change his password and put it back. */
  passwordReset: 'jack.robertson@demo.test',
} as const;

export const SIGN_IN_CODE = /sign-in code is (\d{6})/;

/** Signs in through POST /api/login, reading a two-factor code from the mail sink when one is asked for. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<LoginResponse> {
  const before = await mailCount(email);
  const first = await request.post('/api/login', { data: { email, password } });
  if (first.ok()) return (await first.json()) as LoginResponse;
  const failure = (await first.json()) as LoginFailure;
  expect(failure.status, JSON.stringify(failure)).toBe('two_factor_required');
  const { match: code } = await waitForMail({ to: email, pattern: SIGN_IN_CODE, after: before });
  const second = await request.post('/api/login', { data: { email, password, two_factor_secret: code } });
  expect(second.status()).toBe(200);
  return (await second.json()) as LoginResponse;
}

export async function setTwoFactor(request: APIRequestContext, token: string, enabled: boolean): Promise<void> {
  const response = await request.put('/api/user-2fa', {
    data: { enabled, method: 'mail' },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The claims of a signed-in token (its middle part), as the server wrote them. */
export function tokenClaims(token: string): { user_id: string; company_id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string; company_id: string };
}
