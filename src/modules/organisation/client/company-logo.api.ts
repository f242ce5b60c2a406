// The company logo's bytes and upload (multipart), sent with the bearer token like every
// private file; the logo's record comes with company settings.
import { ApiError, apiFetch, newIdempotencyKey } from '../../../client/api/api-client';
import { getToken } from '../../../client/auth/token-store';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/constants';
import { companyLogoPath } from '../organisation.contract';

async function send(path: string, init: { method: 'GET' | 'POST'; body?: FormData }): Promise<Response> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.method !== 'GET') headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  const response = await fetch(new URL(path, window.location.origin), { method: init.method, headers, body: init.body });
  if (response.status >= 300) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return response;
}

export async function companyLogoBlob(companyId: string): Promise<Blob> {
  return (await send(companyLogoPath(companyId), { method: 'GET' })).blob();
}

export async function uploadCompanyLogo(input: { companyId: string; file: File }): Promise<void> {
  const form = new FormData();
  form.set('file', input.file, input.file.name);
  await send(companyLogoPath(input.companyId), { method: 'POST', body: form });
}

export const deleteCompanyLogo = (companyId: string) => apiFetch<void>(companyLogoPath(companyId), { method: 'DELETE' });
