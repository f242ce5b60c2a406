// public/boot.js paints a screen's frame and heading before the app arrives (index.html's static
// screen frame): it must say what the app then says (the dashboard's greetingFor, each listed
// screen's entry), and only where the app will draw that screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BOOT from '../../../public/boot.js?raw';
import ROUTE_TREE from '../../routeTree.gen.ts?raw';
import { SESSION_KEYS } from '../../client/auth/session-store';
import { LOGGED_IN_KEY, TOKEN_KEY } from '../../client/auth/token-store';
import { greetingFor } from '../../client/shell/greeting';
import { MENU_OPEN_KEY } from '../../client/shell/menu/menu-open-state';
import { BOOT_SCREENS_ID, bootScreensJson } from '../../client/shell/static-screen';
import { can } from '../../client/ui/permission-guard';
import { STATIC_SCREENS } from './static-screens';

/** A token whose claims are `claims`, encoded as the server's are: UTF-8, base64url. */
function tokenWith(claims: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `h.${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
}

type Painted = { heading: string; lede: string; frame: boolean; menuClosed: boolean };

/** What the static page shows at `path` once boot.js has run and the parser added the frame. */
async function staticScreen(stored: Record<string, string>, path = '/'): Promise<Painted> {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', path);
  // As the build writes it: the list first in the head, then boot.js.
  document.head.innerHTML = `<script type="application/json" id="${BOOT_SCREENS_ID}">${bootScreensJson(STATIC_SCREENS)}</script>`;
  new Function(BOOT)();
  document.body.innerHTML = '<div id="root"><div class="boot-screen"><h1 id="boot-heading"></h1><p id="boot-lede"></p></div></div>';
  await Promise.resolve();
  return {
    heading: document.getElementById('boot-heading')?.textContent ?? '',
    lede: document.getElementById('boot-lede')?.textContent ?? '',
    frame: document.documentElement.classList.contains('boot-screen-page'),
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
const nothing: Painted = { heading: '', lede: '', frame: false, menuClosed: false };

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.className = '';
  document.title = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("the dashboard's static greeting", () => {
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
    expect(await staticScreen(signedIn(company))).toEqual({ heading: greetingFor(now, 'Zoë'), lede: '', frame: true, menuClosed: false });
  });

  it('greets without a name when the token has none', async () => {
    vi.setSystemTime(new Date(2026, 10, 28, 9));
    expect(await staticScreen(signedIn({ ...company, first_name: '' }))).toMatchObject({ heading: 'Good morning', frame: true });
  });

  it("leaves the side menu's column out when the desktop menu was closed", async () => {
    expect(await staticScreen(signedIn(company, { [MENU_OPEN_KEY]: '0' }))).toMatchObject({ frame: true, menuClosed: true });
  });

  it.each([
    ['signed out', {}],
    ['signed in without a readable token', { [LOGGED_IN_KEY]: '1', [TOKEN_KEY]: 'not-a-token' }],
    ['an administrator (/ is /admin)', signedIn({ ...company, company_id: null })],
    ['someone still onboarding (/welcome)', signedIn({ ...company, status: 'invited' })],
    ['a docs-only session (its documents)', signedIn(company, { [SESSION_KEYS.docsOnly]: '1' })],
    ['a role that grants nothing', signedIn(company, { [SESSION_KEYS.roleDowngrade]: '1' })],
  ])('keeps the loading frame for %s', async (_, stored) => {
    expect(await staticScreen(stored)).toEqual(nothing);
    expect(await staticScreen(stored, '/calendar')).toEqual(nothing);
  });
});

describe("the listed screens' static headings", () => {
  const routePaths = new Set(
    [...(/fullPaths:([^;]*?)\n\s*fileRoutesByTo/s.exec(ROUTE_TREE)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]),
  );

  it.each(STATIC_SCREENS.map((screen) => [screen.path, screen] as const))('%s is a route of the app', (path) => {
    expect(routePaths.has(path) || routePaths.has(`${path}/`)).toBe(true);
  });

  it.each(STATIC_SCREENS.map((screen) => [screen.path, screen] as const))(
    '%s paints its heading and line for a company user the guard lets in, as the page draws them',
    async (path, screen) => {
      const permissions = screen.needs ? [{ ...screen.needs, type: 'own' }] : [];
      const stored = signedIn(company, { [SESSION_KEYS.permissions]: JSON.stringify(permissions) });
      expect(await staticScreen(stored, path)).toEqual({
        heading: screen.heading,
        lede: screen.lede ?? '',
        frame: true,
        menuClosed: false,
      });
      if (screen.needs) expect(can(screen.needs)).toBe(true);
      localStorage.clear();
      expect(await staticScreen(stored, `${path}/?page=2`)).toMatchObject({ heading: screen.heading, frame: true });
    },
  );

  const guarded = STATIC_SCREENS.filter((screen) => screen.needs);
  it.each(guarded.map((screen) => [screen.path, screen] as const))(
    '%s keeps the loading frame for someone its guard keeps out, as can() decides',
    async (path, screen) => {
      const needs = screen.needs!;
      for (const permissions of [
        [],
        [{ ...needs, method: 'POST', type: 'company' }],
        [{ ...needs, endpoint: `${needs.endpoint}x`, type: 'company' }],
      ]) {
        localStorage.clear();
        const painted = await staticScreen(signedIn(company, { [SESSION_KEYS.permissions]: JSON.stringify(permissions) }), path);
        expect({ painted: painted.frame, can: can(needs) }).toEqual({ painted: false, can: false });
      }
    },
  );

  it('keeps the loading frame on a screen it does not know', async () => {
    expect(await staticScreen(signedIn(company), '/settings/company-settings')).toEqual(nothing);
    expect(await staticScreen(signedIn(company), '/employee/u2')).toEqual(nothing);
  });

  it('refuses two entries for one address', () => {
    expect(() => bootScreensJson([...STATIC_SCREENS, { path: '/calendar', heading: 'Another' }])).toThrow('/calendar');
  });
});
