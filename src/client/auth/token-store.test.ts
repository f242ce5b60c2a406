import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, LOGGED_IN_KEY, setToken } from './token-store';

describe('token store', () => {
  beforeEach(() => localStorage.clear());

  it('sets loggedIn=1 with the token and removes both on clear', () => {
    expect(getToken()).toBeNull();
    setToken('a.b.c');
    expect(getToken()).toBe('a.b.c');
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBe('1');
    clearToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
  });
});
