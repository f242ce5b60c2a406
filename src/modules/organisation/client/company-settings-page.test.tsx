import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../client/auth/token-store';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { CompanySettings } from '../../../shared/settings.contract';
import { CompanySettingsPage } from './company-settings-page';

const server = mockApi();
beforeEach(() => localStorage.clear());

const SETTINGS: CompanySettings = {
  company_id: 'c1',
  return_to_work_enabled: false,
  rota_enabled: false,
  overtime_enabled: false,
  name: 'Acme Ltd',
  number: null,
  sector_name: null,
  logo: null,
};

function signIn(permissions: { endpoint: string; method: string; type: string }[]) {
  localStorage.setItem('permissions', JSON.stringify(permissions));
  const claims = { user_id: 'u1', first_name: 'Ann', company_id: 'c1', imp: false, exp: 4_000_000_000 };
  setToken(`x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`);
}

/** The server's rule: the notes answer only those holding their permission company-wide. */
function serve(readsNotes: boolean) {
  const asked: string[] = [];
  server.use(
    http.get('/api/company-settings/c1', () => HttpResponse.json(SETTINGS)),
    http.get('/api/company-notes', () => {
      asked.push('company-notes');
      return readsNotes
        ? HttpResponse.json({
            results: [{ id: 'n1', body: 'Fire drill on Friday.', author: null, created_at: '2025-01-01T09:00:00Z' }],
            count: 1,
            next_offset: 1,
          })
        : HttpResponse.json({ code: 'forbidden', message: 'You are not allowed to view this content.' }, { status: 403 });
    }),
  );
  return asked;
}

describe('the company settings page', () => {
  it('shows the owner the company notes with the details', async () => {
    signIn([
      { endpoint: '/api/company-settings', method: 'GET', type: 'company' },
      { endpoint: '/api/company-settings', method: 'PUT', type: 'company' },
      { endpoint: '/api/company-notes', method: 'GET', type: 'company' },
    ]);
    serve(true);
    renderWithApp(<CompanySettingsPage />);
    expect(await screen.findByText('Fire drill on Friday.')).toBeInTheDocument();
  });

  it('loads for an employee without asking for the notes, which are not theirs to read', async () => {
    signIn([{ endpoint: '/api/company-settings', method: 'GET', type: 'own' }]);
    const asked = serve(false);
    renderWithApp(<CompanySettingsPage />);
    expect(await screen.findByRole('heading', { name: 'Modules' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/i)).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
