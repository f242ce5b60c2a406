// The company logo's bytes and upload (multipart), sent with the bearer token like every
// private file; the logo's record comes with company settings.
import { apiFetch } from '../../../client/api/api-client';
import { fetchFile } from '../../../client/api/downloads';
import { companyLogoPath } from '../organisation.contract';

export async function companyLogoBlob(companyId: string): Promise<Blob> {
  return (await fetchFile(companyLogoPath(companyId))).blob();
}

export async function uploadCompanyLogo(input: { companyId: string; file: File }): Promise<void> {
  const form = new FormData();
  form.set('file', input.file, input.file.name);
  await apiFetch<void>(companyLogoPath(input.companyId), { method: 'POST', body: form });
}

export const deleteCompanyLogo = (companyId: string) => apiFetch<void>(companyLogoPath(companyId), { method: 'DELETE' });
