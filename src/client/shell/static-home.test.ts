// public/boot.js paints the dashboard's greeting before the app arrives (index.html's static
// home frame): it must say what the app then says (greetingFor), and only where / will be the
// dashboard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BOOT from '../../../public/boot.js?raw';
import { SESSION_KEYS } from '../auth/session-store';
import { LOGGED_IN_KEY, TOKEN_KEY } from '../auth/token-store';
import { greetingFor } from './greeting';
import { MENU_OPEN_KEY } from './menu/menu-open-state';

/** A token whose claims are `claims`, encoded as the server's are: UTF-8, base64url. */
function tokenWith(claims: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `h.${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
}

/** What the static page's heading says once boot.js has run and the parser added the frame. */
async function staticGreeting(stored: Record<string, string>): Promise<{ text: string; home: boolean; menuClosed: boolean }> {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  new Function(BOOT)();
  document.body.innerHTML = '<div id="root"><div class="boot-home"><h1 id="boot-greeting"></h1></div></div>';
  await Promise.resolve();
  return {
    text: document.getElementById('boot-greeting')?.textContent ?? '',
    home: document.documentElement.classList.contains('boot-home-page'),
    menuClosed: document.documentElement.classList.contains('boot-menu-closed'),
  };
}

const company = { user_id: 'u1', company_id: 'c1', first_name: 'Zoë', status: 'active' };
// The app's own keys: boot.js reads them by name, so a renamed key fails here.
const signedIn = (claims: Record<string, unknown>, more: Record<string, string> = {}) => ({
  [LOGGED_IN_KEY]: '1',
  [TOKEN_KEY]: tokenWith(claims),
  ...more,
});

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.documentElement.className = '';
  document.title = '';
  localStorage.clear();
});

describe('the static home frame of public/boot.js', () => {
  it.each([
    [8, 59],
    [11, 59],
    [12, 0],
    [17, 59],
    [18, 0],
    [23, 30],
  ])('greets a company user at %i:%i as the app does, with a first name in any script', async (hour, minute) => {
    const now = new Date(2026, 10, 28, hour, minute);
    vi.setSystemTime(now);
    expect(await staticGreeting(signedIn(company))).toEqual({ text: greetingFor(now, 'Zoë'), home: true, menuClosed: false });
  });

  it('greets without a name when the token has none', async () => {
    vi.setSystemTime(new Date(2026, 10, 28, 9));
    expect(await staticGreeting(signedIn({ ...company, first_name: '' }))).toMatchObject({ text: 'Good morning', home: true });
  });

  it("leaves the side menu's column out when the desktop menu was closed", async () => {
    expect(await staticGreeting(signedIn(company, { [MENU_OPEN_KEY]: '0' }))).toMatchObject({ home: true, menuClosed: true });
  });

  it.each([
    ['signed out', {}],
    ['signed in without a readable token', { [LOGGED_IN_KEY]: '1', [TOKEN_KEY]: 'not-a-token' }],
    ['an administrator (/ is /admin)', signedIn({ ...company, company_id: null })],
    ['someone still onboarding (/welcome)', signedIn({ ...company, status: 'invited' })],
    ['a docs-only session (its documents)', signedIn(company, { [SESSION_KEYS.docsOnly]: '1' })],
    ['a role that grants nothing', signedIn(company, { [SESSION_KEYS.roleDowngrade]: '1' })],
  ])('keeps the loading frame for %s', async (_, stored) => {
    expect(await staticGreeting(stored)).toEqual({ text: '', home: false, menuClosed: false });
  });
});
