// Settings → Import people on screen: upload, the guessed columns, the preview's counts and
// each row's problems (the import button off while any remain), the missing departments to
// tick, then the import's progress read from its stream and the result with links.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { ImportPreview, ParsedSpreadsheet } from '../../people-import.contract';
import { PeopleImportPage } from './people-import-page';

const server = mockApi();
const OWNER: PermissionEntry[] = (['GET', 'POST'] as const).map((method) => ({ endpoint: '/api/people-import', method, type: 'company' }));

const SHEET: ParsedSpreadsheet = {
  file_name: 'people.csv',
  headers: ['First name', 'Last name', 'Email', 'Department'],
  rows: [
    ['Priya', 'Shah', 'priya@example.test', 'Kitchen'],
    ['Tom', '', 'tom@example.test', 'Kitchen'],
  ],
  mapping: ['first_name', 'surname', 'email', 'department'],
  remembered: false,
};
const previewOf = (errors: boolean): ImportPreview => ({
  rows: [
    {
      line: 2,
      name: 'Priya Shah',
      email: 'priya@example.test',
      action: errors ? 'error' : 'new',
      errors: errors ? { department: ['This department does not exist yet: tick it to create it.'] } : {},
    },
    {
      line: 3,
      name: 'Tom',
      email: 'tom@example.test',
      action: errors ? 'error' : 'new',
      errors: errors ? { surname: ['Field is required.'] } : {},
    },
  ],
  counts: { new: errors ? 0 : 2, updated: 0, errors: errors ? 2 : 0, skipped: 0 },
  missing: { departments: ['Kitchen'], locations: [], job_titles: [] },
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('permissions', JSON.stringify(OWNER));
});

async function upload() {
  renderWithApp(<PeopleImportPage />);
  await screen.findByText('1. Choose your spreadsheet');
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], 'people.csv', { type: 'text/csv' })] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
  await screen.findByText('2. Match the columns');
}

describe('Import people', () => {
  it('shows the guessed columns, then each row’s problems with the import button off', async () => {
    server.use(
      http.post('/api/people-import/parse', () => HttpResponse.json(SHEET)),
      http.post('/api/people-import/preview', () => HttpResponse.json(previewOf(true))),
    );
    await upload();
    expect(screen.getByRole('combobox', { name: 'Field for column Last name' })).toHaveValue('Surname');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 with errors');
    expect(screen.getByText('0 new')).toBeInTheDocument();
    const rows = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(rows).getByText('Surname: Field is required.')).toBeInTheDocument();
    expect(within(rows).getByText('Department: This department does not exist yet: tick it to create it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 people' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Create department Kitchen' })).not.toBeChecked();
  });

  it('ticks the missing department, previews again, imports with progress and links to the people', async () => {
    let sentCreate: unknown = null;
    let importBody: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/people-import/parse', () => HttpResponse.json(SHEET)),
      http.post('/api/people-import/preview', async ({ request }) => {
        const body = (await request.json()) as { create: { departments: string[] } };
        sentCreate = body.create;
        return HttpResponse.json(previewOf(body.create.departments.length === 0));
      }),
      http.post('/api/people-import', async ({ request }) => {
        importBody = (await request.json()) as Record<string, unknown>;
        const lines = [
          { type: 'progress', done: 0, total: 2 },
          { type: 'progress', done: 2, total: 2 },
          {
            type: 'result',
            result: {
              created: 2,
              updated: 0,
              invited: 2,
              created_items: { departments: ['Kitchen'], locations: [], job_titles: [] },
              people: [
                { id: 'u1', name: 'Priya Shah', email: 'priya@example.test', action: 'new' },
                { id: 'u2', name: 'Tom Baker', email: 'tom@example.test', action: 'new' },
              ],
            },
          },
        ];
        return new HttpResponse(lines.map((line) => JSON.stringify(line)).join('\n'), {
          headers: { 'content-type': 'application/x-ndjson' },
        });
      }),
    );
    await upload();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 with errors');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Create department Kitchen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('button', { name: 'Import 2 people' });
    expect(sentCreate).toEqual({ departments: ['Kitchen'], locations: [], job_titles: [] });
    fireEvent.click(screen.getByRole('checkbox', { name: /Invite everyone by e-mail/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 people' }));
    await screen.findByText('Import complete');
    expect(importBody).toMatchObject({ invite: true, create: { departments: ['Kitchen'] } });
    expect(screen.getByText(/2 people added, 0 people updated, 2 invitations sent/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Shah' })).toHaveAttribute('href', '/employee/u1');
    expect(screen.getByRole('link', { name: 'Open the employee directory' })).toHaveAttribute('href', '/employees');
  });

  it('says why a file could not be read', async () => {
    server.use(
      http.post('/api/people-import/parse', () =>
        HttpResponse.json(
          {
            code: 'validation',
            message: 'Please check provided details.',
            errors: { file: ['The file has no rows of people under its header row.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderWithApp(<PeopleImportPage />);
    await screen.findByText('1. Choose your spreadsheet');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([''], 'empty.csv', { type: 'text/csv' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file has no rows of people under its header row.'));
  });
});
