// Companies made the way administrators make them (POST /api/companies), their owner through
// the invitation e-mail, /confirm-email and /welcome: for the companies module's tests.
import { expect } from 'vitest';
import type { CompanyRow, CreatedCompany } from '../../src/modules/companies/companies.contract';
import { bearer } from './identity-fixtures';
import { deliveredMail, type SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';

export const OWNER_PASSWORD = 'owner-password-1';

export const newCompanyInput = (suffix: string) => ({
  name: `Fieldfare ${suffix} Ltd`,
  number: `FF${suffix}`.slice(0, 20),
  sector_name: 'Retail',
  address: '1 High Street\nLeeds\nLS1 1AA',
  products: ['hr', 'hs'],
  seats: 5,
  owner: { first_name: 'Nadia', surname: 'Hussain', email: `owner-${suffix.toLowerCase()}@fieldfare.test` },
});

export async function companyWithOwner(
  t: TestApp,
  sink: SmtpSink,
  adminToken: string,
  suffix: string,
): Promise<{ company: CompanyRow; ownerEmail: string; ownerToken: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: bearer(adminToken),
    payload: newCompanyInput(suffix),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { company, owner } = created.json<CreatedCompany>();
  const mails = await deliveredMail(t.deps.mail, sink, owner.email);
  const link = /(\S+\/confirm-email\?token=[\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  expect(link, 'an invitation link in the e-mail').toBeTruthy();
  const token = new URL(link ?? '').searchParams.get('token');
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/confirm-email', payload: { token } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const welcomed = await t.app.inject({
    method: 'POST',
    url: '/api/welcome',
    headers: bearer(confirmed.json<{ auth_token: string }>().auth_token),
    payload: { password: OWNER_PASSWORD, accept_terms: true },
  });
  expect(welcomed.statusCode, welcomed.body).toBe(200);
  return { company, ownerEmail: owner.email, ownerToken: welcomed.json<{ auth_token: string }>().auth_token };
}
