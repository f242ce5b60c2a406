import { describe, expect, it } from 'vitest';
import { chosenKey, resolveTabs, tabTarget, type TabDefinition } from './tabs';

const settings: TabDefinition[] = [
  { key: '', label: 'My settings' },
  { key: 'access-requests', label: 'Access requests' },
];
const byPath = { basePath: '/settings/user-settings' };

const resolve = (tabs: TabDefinition[], pathname: string, search: Record<string, unknown> = {}, addressing: object = byPath) =>
  resolveTabs({ tabs, addressing: addressing as typeof byPath, pathname, search });

describe('tabs by base path and key', () => {
  it('builds each address from the base path and the key', () => {
    expect(tabTarget(settings[0]!, byPath, '/x')).toEqual({ pathname: '/settings/user-settings', search: {} });
    expect(tabTarget(settings[1]!, byPath, '/x')).toEqual({ pathname: '/settings/user-settings/access-requests', search: {} });
  });

  it('opens the tab the path names', () => {
    const state = resolve(settings, '/settings/user-settings/access-requests');
    expect(state.status).toBe('open');
    expect(state.active?.label).toBe('Access requests');
    expect(resolve(settings, '/settings/user-settings/').active?.label).toBe('My settings');
  });

  it('never opens a hidden tab, and reports an error for it', () => {
    const tabs = [settings[0]!, { ...settings[1]!, hidden: true }];
    expect(resolve(tabs, '/settings/user-settings').visible.map((tab) => tab.label)).toEqual(['My settings']);
    expect(resolve(tabs, '/settings/user-settings/access-requests')).toMatchObject({ status: 'error', active: null });
  });

  it('falls back on the first visible tab when the path names none', () => {
    const tabs: TabDefinition[] = [
      { key: 'hidden', label: 'Hidden', hidden: true },
      { key: 'first', label: 'First' },
      { key: 'second', label: 'Second' },
    ];
    expect(resolve(tabs, '/settings/user-settings')).toMatchObject({ status: 'open', fallback: true, active: { key: 'first' } });
  });

  it('reports an error for a key no tab has, or when every tab is hidden', () => {
    expect(resolve(settings, '/settings/user-settings/nope').status).toBe('error');
    expect(
      resolve(
        settings.map((tab) => ({ ...tab, hidden: true })),
        '/settings/user-settings',
      ).status,
    ).toBe('error');
  });
});

describe('tabs in the current path’s query', () => {
  const byQuery = {};
  const tabs: TabDefinition[] = [
    { key: '', label: 'All' },
    { key: 'mine', label: 'Mine' },
  ];

  it('reads and writes the tab parameter on the current path', () => {
    expect(tabTarget(tabs[1]!, byQuery, '/hr-tasks')).toEqual({ pathname: '/hr-tasks', search: { tab: 'mine' } });
    expect(tabTarget(tabs[0]!, { queryParam: 'view' }, '/hr-tasks')).toEqual({ pathname: '/hr-tasks', search: {} });
    expect(chosenKey({ queryParam: 'view' }, '/hr-tasks', { view: 'mine' })).toBe('mine');
    expect(resolve(tabs, '/hr-tasks', { tab: 'mine' }, byQuery).active?.label).toBe('Mine');
    expect(resolve(tabs, '/hr-tasks', {}, byQuery).active?.label).toBe('All');
    expect(resolve(tabs, '/hr-tasks', { tab: 'other' }, byQuery).status).toBe('error');
  });

  it('carries filter parameters and matches the tab whose filters the location has', () => {
    const filtered: TabDefinition[] = [
      { key: '', label: 'Waiting', search: { status: 'needApproval', show_relevant_to_me: '1' } },
      { key: '', label: 'Approved', search: { status: ['approved'] } },
    ];
    expect(tabTarget(filtered[0]!, byQuery, '/leave-and-absences/list')).toEqual({
      pathname: '/leave-and-absences/list',
      search: { status: 'needApproval', show_relevant_to_me: '1' },
    });
    // The router reads numbers as numbers; filters compare as text.
    expect(resolve(filtered, '/x', { status: 'needApproval', show_relevant_to_me: 1 }, byQuery).active?.label).toBe('Waiting');
    expect(resolve(filtered, '/x', { status: ['approved'] }, byQuery).active?.label).toBe('Approved');
    expect(resolve(filtered, '/x', {}, byQuery)).toMatchObject({ fallback: true, active: { label: 'Waiting' } });
  });
});
