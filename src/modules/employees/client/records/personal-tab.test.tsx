import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { PersonalDetails } from '../../personal-records.contract';
import PersonalTab from './personal-tab';

const server = mockApi();
const userId = '0b5e3c1a-8f0e-4c55-9f62-5a6b7c8d9e10';

const base: PersonalDetails = {
  user_id: userId,
  date_of_birth: '1990-04-12',
  gender: 'Female',
  nationality: null,
  special_category: false,
};
const entries = (endpoint: string, methods: PermissionEntry['method'][]): PermissionEntry[] =>
  methods.map((method) => ({ endpoint, method, type: 'company' }));

beforeEach(() => localStorage.clear());

function serve(details: PersonalDetails) {
  server.use(
    http.get(`/api/user-personal-details/${userId}`, () => HttpResponse.json(details)),
    http.get(`/api/user-about-me/${userId}`, () => HttpResponse.json({ user_id: userId, about: 'I run the stores.', interests: '' })),
  );
}

describe('PersonalTab', () => {
  it('shows personal details and About me, and no sensitive section when the server left it out', async () => {
    localStorage.setItem('permissions', JSON.stringify(entries('/api/user-personal-details', ['GET', 'PUT'])));
    serve(base);
    const { queryClient } = renderWithApp(<PersonalTab userId={userId} self={false} />);
    const personal = await screen.findByRole('region', { name: 'Personal details' });
    expect(await within(personal).findByText('12/04/1990')).toBeInTheDocument();
    expect(within(personal).getByRole('button', { name: 'Edit personal details' })).toBeInTheDocument();
    expect(await screen.findByText('I run the stores.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sensitive details' })).not.toBeInTheDocument();
    // Never written to the offline cache.
    expect(queryClient.getQueryCache().find({ queryKey: ['user-personal-details', userId] })?.meta).toEqual({ sensitive: true });
  });

  it('shows the sensitive section when sent, with Edit only for a viewer who may change it', async () => {
    localStorage.setItem('permissions', JSON.stringify(entries('/api/user-personal-details', ['GET', 'PUT'])));
    serve({
      ...base,
      special_category: true,
      ethnicity: null,
      ni_number: 'AB123456C',
      health_notes: null,
      bank_account_name: null,
      bank_sort_code: '12-34-56',
      bank_account_number: null,
    });
    renderWithApp(<PersonalTab userId={userId} self />);
    const sensitive = await screen.findByRole('region', { name: 'Sensitive details' });
    expect(within(sensitive).getByText('AB123456C')).toBeInTheDocument();
    expect(within(sensitive).getByText('12-34-56')).toBeInTheDocument();
    expect(within(sensitive).queryByRole('button', { name: 'Edit sensitive details' })).not.toBeInTheDocument();
  });
});
