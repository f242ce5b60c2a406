import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { DocumentToDoCounts } from '../documents.contract';
import { DocumentsToDoWidget } from './documents-to-do-widget';

const server = mockApi();
const none = { to_sign: 0, to_acknowledge: 0, to_read: 0 };
const serve = (counts: DocumentToDoCounts) => server.use(http.get('/api/document-to-do', () => HttpResponse.json(counts)));

beforeEach(() => localStorage.setItem('permissions', JSON.stringify([{ endpoint: '/api/document', method: 'GET', type: 'own' }])));

describe('Documents for you', () => {
  it('names each kind by what it asks: nothing is "to sign" when it is only to acknowledge', async () => {
    serve({ hr: { to_sign: 0, to_acknowledge: 3, to_read: 1 }, hs: { ...none, to_sign: 1 } });
    renderWithApp(<DocumentsToDoWidget restricted={false} />);
    const card = await screen.findByRole('region', { name: 'Documents for you' });
    expect(card).toHaveTextContent('3 HR documents to acknowledge');
    expect(card).toHaveTextContent('1 HR document to read');
    expect(card).toHaveTextContent('1 H&S document to sign');
    expect(card).not.toHaveTextContent('HR documents to sign');
    expect(screen.getByRole('link', { name: '3 HR documents to acknowledge' })).toHaveAttribute('href', '/hr-documents/documents');
    expect(screen.getByRole('link', { name: '1 H&S document to sign' })).toHaveAttribute('href', '/hs-documents/documents');
  });

  it('leads a docs-only user to their own areas, and tells them when nothing waits', async () => {
    serve({ hr: { ...none, to_read: 2 }, hs: none });
    const { unmount } = renderWithApp(<DocumentsToDoWidget restricted />);
    expect(await screen.findByRole('link', { name: '2 HR documents to read' })).toHaveAttribute('href', '/hr-documents/hr');
    unmount();
    serve({ hr: none, hs: none });
    renderWithApp(<DocumentsToDoWidget restricted />);
    expect(await screen.findByText('No documents wait for you')).toBeInTheDocument();
  });

  it('stays away from a full user’s dashboard when nothing waits', async () => {
    let asked = false;
    server.use(
      http.get('/api/document-to-do', () => {
        asked = true;
        return HttpResponse.json({ hr: none, hs: none });
      }),
    );
    renderWithApp(<DocumentsToDoWidget restricted={false} />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('region', { name: 'Documents for you' })).toBeNull();
  });
});
