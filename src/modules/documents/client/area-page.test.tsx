// An area's document list as an employee sees it: the documents and their count, and a filter
// that leaves none says so, with Clear filters back to all of them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { DocumentSummary } from '../documents.contract';
import { AreaPage } from './area-page';

const server = mockApi();

const HANDBOOK: DocumentSummary = {
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  area: 'hr',
  title: 'Staff handbook',
  description: '',
  action: 'read',
  audience: 'everyone',
  audience_ids: [],
  folder: null,
  tags: [],
  subject: null,
  special_category: false,
  version: {
    id: '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
    number: 1,
    file_name: 'handbook.pdf',
    mime_type: 'application/pdf',
    size_bytes: 2048,
    sha256: '',
    created_at: '2026-11-02T09:00:00.000Z',
    created_by_name: null,
  },
  sign_status: null,
  my_status: 'read',
  updated_at: '2026-11-02T09:00:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/document', method: 'GET', type: 'own' }]));
});

describe('an area’s documents (/hr-documents/documents)', () => {
  it('says when no document matches, with Clear filters back to all of them', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/document', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const results = query.getAll('status[]').includes('to_do') ? [] : [HANDBOOK];
        return HttpResponse.json({ results, count: results.length });
      }),
      http.get('/api/document-folders', () => HttpResponse.json({ results: [], count: 0 })),
      http.get('/api/document-tags', () => HttpResponse.json({ results: [], count: 0 })),
    );
    renderWithApp(<AreaPage area="hr" />, { path: '/hr-documents/documents' });
    expect(await screen.findByRole('link', { name: 'Staff handbook' })).toBeInTheDocument();
    expect(screen.getByText('1 document')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Only what I need to do' }));
    expect(await screen.findByText('No documents match these filters.')).toBeInTheDocument();
    expect(screen.getByText('Documents shared with you, and those waiting for your signature, appear here.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Staff handbook' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Only what I need to do' })).not.toBeChecked();
    await waitFor(() => expect(queries.at(-1)?.has('status[]')).toBe(false));
  });
});
