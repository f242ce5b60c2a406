import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../../client/auth/token-store';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { SetupChecklist } from '../../directory.contract';
import { userQueryOptions } from '../directory.api';
import { annSmithRecord } from '../test-people';
import { MyProfilePage } from './my-profile-page';

const server = mockApi();
const ME = '66666666-6666-4666-8666-666666666666';

const me = annSmithRecord(ME);

const checklist: SetupChecklist = {
  user_id: ME,
  complete: false,
  completed_at: null,
  steps: [
    { key: 'photo', label: 'Add a profile photo', done: false },
    { key: 'contact', label: 'Add your contact details', done: true },
  ],
};

beforeEach(() => {
  localStorage.clear();
  setToken(`x.${btoa(JSON.stringify({ user_id: ME, first_name: 'Ann' })).replace(/=+$/, '')}.y`);
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('My profile (/profile)', () => {
  it('draws the profile once its checklist has come, so the checklist does not push the tabs down', async () => {
    let releaseChecklist = () => {};
    const checklistHeld = new Promise<void>((resolve) => (releaseChecklist = resolve));
    let profileServed = () => {};
    const profileAnswered = new Promise<void>((resolve) => (profileServed = resolve));
    server.use(
      http.get(`/api/users/${ME}`, () => {
        profileServed();
        return HttpResponse.json(me);
      }),
      http.get(`/api/user-setup-complete/${ME}`, async () => {
        await checklistHeld;
        return HttpResponse.json(checklist);
      }),
    );
    renderWithApp(<MyProfilePage />, { path: '/profile' });
    // The profile has come, its checklist not yet: still the frame's placeholder.
    await profileAnswered;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByLabelText('Loading the profile')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ann Smith' })).not.toBeInTheDocument();
    releaseChecklist();
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
  });

  it('draws the profile without the checklist when the checklist cannot be read, and keeps it as the card asks again', async () => {
    server.use(
      http.get(`/api/users/${ME}`, () => HttpResponse.json(me)),
      http.get(`/api/user-setup-complete/${ME}`, () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    renderWithApp(<MyProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the profile')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete your profile' })).not.toBeInTheDocument();
  });

  it('offline, draws the profile kept on the device without waiting for a checklist that cannot come', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const { queryClient, unmount } = renderWithApp(<MyProfilePage />, { path: '/profile' });
    // The profile as the persisted cache would hold it; the checklist was never read here.
    act(() => queryClient.setQueryData(userQueryOptions(ME).queryKey, me));
    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete your profile' })).not.toBeInTheDocument();
    // Gone before the network comes back, so its paused reads are never sent.
    unmount();
  });
});
