// The data-protection screens: the exports page follows a building export until it is ready
// and offers its download; the settings page shows each kind's default with its reason and
// puts the server's limit message on the field it names.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../client/ui/test-render';
import type { PermissionEntry } from '../../../shared/scopes';
import { RECORD_KINDS, RECORD_KIND_KEYS } from '../../../shared/record-kinds';
import type { PersonalDataExport, PrivacySettings } from '../privacy.contract';
import { DataProtectionPage } from './data-protection-page';
import { ExportsPage } from './exports-page';

const server = mockApi();

const HR: PermissionEntry[] = [
  ...(['GET', 'POST'] as const).map((method) => ({ endpoint: '/api/personal-data-exports', method, type: 'company' as const })),
  ...(['GET', 'PUT'] as const).map((method) => ({ endpoint: '/api/data-protection', method, type: 'company' as const })),
];

const EXPORT: PersonalDataExport = {
  id: '5b0d8f0e-3f43-4a57-9a43-8d7b0c2a4f10',
  userId: 'u1',
  personName: 'Ella Evans',
  requestedBy: 'u2',
  requestedByName: 'Emily Walker',
  status: 'building',
  progress: 10,
  total: 40,
  sizeBytes: null,
  error: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadedAt: null,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('permissions', JSON.stringify(HR));
});

describe('personal data exports', () => {
  it('shows a building export’s progress, then its download once ready', async () => {
    let reads = 0;
    server.use(
      http.get('/api/personal-data-exports', () => {
        reads += 1;
        return HttpResponse.json([
          reads === 1
            ? EXPORT
            : {
                ...EXPORT,
                status: 'ready',
                progress: 40,
                sizeBytes: 40_000,
                finishedAt: '2026-11-24T09:01:00.000Z',
                expiresAt: '2026-12-01T09:01:00.000Z',
              },
        ]);
      }),
    );
    renderWithApp(<ExportsPage />, { path: '/settings/personal-data-exports' });
    expect(await screen.findByText('Gathering every module’s records: 25%')).toBeInTheDocument();
    expect(screen.getByText('Asked for 24/11/2026 09:00 by Emily Walker')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download zip' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Link expires 01\/12\/2026/)).toBeInTheDocument();
  });
});

describe('data protection settings', () => {
  it('shows every kind with its reason, and the server’s limit on the field', async () => {
    const settings: PrivacySettings = {
      selfExportAllowed: false,
      retention: RECORD_KIND_KEYS.map((kind) => ({ kind, ...RECORD_KINDS[kind], months: RECORD_KINDS[kind].defaultMonths })),
    };
    let sent: unknown;
    server.use(
      http.get('/api/data-protection/settings', () => HttpResponse.json(settings)),
      http.get('/api/data-protection/retention-preview', () =>
        HttpResponse.json({
          asOf: '2026-11-24',
          lastRun: null,
          rows: [
            { module: 'notifications', table: 'notifications', label: 'Notifications', kind: 'communications', action: 'delete', rows: 12 },
          ],
        }),
      ),
      http.put('/api/data-protection/settings', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { message: 'Please check provided details.', errors: { 'retention.payroll': ['Choose between 36 and 120 months.'] } },
          { status: 422 },
        );
      }),
    );
    renderWithApp(<DataProtectionPage />, { path: '/settings/data-protection' });
    expect(await screen.findByText(/HMRC: PAYE and expense records for three years/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Notifications Delete 12/ })).toBeInTheDocument();
    const payroll = screen.getByRole('textbox', { name: 'Months kept: Payroll, overtime and expenses' });
    fireEvent.change(payroll, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose between 36 and 120 months.')).toBeInTheDocument();
    await waitFor(() => expect((sent as { retention: Record<string, number> }).retention.payroll).toBe(12));
  });
});
