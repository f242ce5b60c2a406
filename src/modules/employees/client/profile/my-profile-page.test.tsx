import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../../client/auth/token-store';
import { mockApi, renderWithApp } from '../../../../client/ui/test-render';
import type { SetupChecklist } from '../../directory.contract';
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

describe('My profile (/profile)', () => {
  it('draws the profile once its checklist has come, so the checklist does not push the tabs down', async () => {
    server.use(
      http.get(`/api/users/${ME}`, () => HttpResponse.json(me)),
      http.get(`/api/user-setup-complete/${ME}`, async () => {
        await delay(300);
        return HttpResponse.json(checklist);
      }),
    );
    renderWithApp(<MyProfilePage />, { path: '/profile' });
    // The profile has come, its checklist not yet: still the frame's placeholder.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.getByLabelText('Loading the profile')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ann Smith' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
  });

  it('draws the profile without the checklist when the checklist cannot be read', async () => {
    let asked = 0;
    server.use(
      http.get(`/api/users/${ME}`, () => HttpResponse.json(me)),
      http.get(`/api/user-setup-complete/${ME}`, () => {
        asked += 1;
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }),
    );
    renderWithApp(<MyProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still drawn: the card asking again as it mounts does not take the profile away.
    expect(screen.getByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete your profile' })).not.toBeInTheDocument();
    expect(asked).toBeGreaterThan(0);
  });
});
