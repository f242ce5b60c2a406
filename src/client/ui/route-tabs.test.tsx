import { act, fireEvent, screen } from '@testing-library/react';
import { Outlet } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteTabs } from './route-tabs';
import type { TabDefinition } from './tabs';
import { renderWithApp } from './test-render';

const SETTINGS: TabDefinition[] = [
  { key: '', label: 'My settings' },
  { key: 'access-requests', label: 'Access requests' },
];

function renderTabs(tabs: readonly TabDefinition[], path: string, addressing: object = { basePath: '/settings/user-settings' }) {
  return renderWithApp(
    <RouteTabs tabs={tabs} addressing={addressing as { basePath: string }} label="User settings">
      <p>Tab content</p>
      <Outlet />
    </RouteTabs>,
    { path },
  );
}

describe('RouteTabs', () => {
  it('marks the tab of the current path and links each tab to its address', async () => {
    renderTabs(SETTINGS, '/settings/user-settings/access-requests');
    const tab = await screen.findByRole('tab', { name: 'Access requests' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveAttribute('href', '/settings/user-settings/access-requests');
    expect(screen.getByRole('tab', { name: 'My settings' })).toHaveAttribute('href', '/settings/user-settings');
    expect(screen.getByText('Tab content')).toBeInTheDocument();
  });

  it('moves to another tab when its link is followed', async () => {
    const { router } = renderTabs(SETTINGS, '/settings/user-settings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Access requests' }));
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/settings/user-settings/access-requests');
    expect(screen.getByRole('tab', { name: 'Access requests' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no hidden tab and reports an error at its address instead of its content', async () => {
    renderTabs([SETTINGS[0]!, { ...SETTINGS[1]!, hidden: true }], '/settings/user-settings/access-requests');
    expect(await screen.findByRole('alert')).toHaveTextContent('This tab does not exist or is not available to you.');
    expect(screen.queryByRole('tab', { name: 'Access requests' })).not.toBeInTheDocument();
    expect(screen.queryByText('Tab content')).not.toBeInTheDocument();
  });

  it('opens the first visible tab, with its filters, when the address names none', async () => {
    const tabs: TabDefinition[] = [
      { key: '', label: 'Waiting', search: { status: 'needApproval' } },
      { key: '', label: 'Approved', search: { status: 'approved' } },
    ];
    const { router } = renderTabs(tabs, '/leave-and-absences/list', {});
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ status: 'needApproval' }));
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('href', '/leave-and-absences/list?status=approved');
  });
});
