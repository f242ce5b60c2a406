import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, LOGGED_IN_KEY, setToken, TOKEN_KEY } from '../../../client/auth/token-store';
import { watchOtherTabs } from './session-events';
import { SESSION_KEYS } from '../../../client/auth/session-store';

const onLoggedOut = vi.fn();
const onLoggedIn = vi.fn();
let stop: () => void;

beforeEach(() => {
  localStorage.clear();
  onLoggedOut.mockReset();
  onLoggedIn.mockReset();
  stop = watchOtherTabs({ onLoggedOut, onLoggedIn });
});
afterEach(() => stop());

/** What this tab sees when another tab changes local storage. */
const otherTab = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', init));

describe('another tab', () => {
  it.each([LOGGED_IN_KEY, SESSION_KEYS.permissions])('logging out (removing %s) logs this tab out', (key) => {
    setToken('a.b.c');
    localStorage.setItem(SESSION_KEYS.docsOnly, '1');
    otherTab({ key, oldValue: '1', newValue: null });
    expect(onLoggedOut).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.docsOnly)).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('clearing the whole storage logs this tab out', () => {
    otherTab({ key: null, oldValue: null, newValue: null });
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('signing in reloads this tab into the session', () => {
    otherTab({ key: LOGGED_IN_KEY, oldValue: null, newValue: '1' });
    expect(onLoggedIn).toHaveBeenCalledOnce();
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('a refreshed token or other keys change nothing here', () => {
    otherTab({ key: TOKEN_KEY, oldValue: 'old', newValue: 'new' });
    otherTab({ key: SESSION_KEYS.permissions, oldValue: '[]', newValue: '[{}]' });
    otherTab({ key: LOGGED_IN_KEY, oldValue: '1', newValue: '1' });
    otherTab({ key: 'something-else', oldValue: 'x', newValue: null });
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
