import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../../../client/auth/token-store';
import { redirectSignedIn, requireAdministrator, requireCompanyUser, requireSession, restrictedModeRedirect } from './session-guards';
import { SESSION_KEYS } from '../../../client/auth/session-store';

const token = (claims: Record<string, unknown>) =>
  `x.${btoa(JSON.stringify({ exp: 4_000_000_000, ...claims }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.sig`;

/** Where `guard` sends the user: the redirect's target, or null when it lets them through. */
function destination(guard: () => void): string | null {
  try {
    guard();
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return thrown.options.href ?? (thrown.options.to as string);
  }
}

beforeEach(() => localStorage.clear());

describe('restrictedModeRedirect (docs-only sessions)', () => {
  const flags = (hrClient: boolean, hsClient: boolean) => ({ docsOnly: true, hrClient, hsClient });

  it.each([
    ['/', flags(true, false), '/hr-documents'],
    ['/hr-documents', flags(true, false), null],
    ['/hr-documents/hr', flags(true, false), null],
    ['/settings/user-settings', flags(true, false), null],
    ['/hs-documents/misc_docs', flags(true, false), '/hr-documents'],
    ['/', flags(false, true), '/hs-documents/misc_docs'],
    ['/hs-documents/misc_docs', flags(false, true), null],
    ['/hs-documents/documents', flags(false, true), null],
    // User settings stays open in restricted mode.
    ['/settings/user-settings', flags(false, true), null],
    ['/settings/user-settings', flags(true, true), null],
    ['/settings/company-settings', flags(true, true), '/hr-documents'],
    ['/expenses', flags(true, true), '/hr-documents'],
    ['/hr-documents', flags(false, true), '/hs-documents/misc_docs'],
    ['/', flags(true, true), null],
    ['/hs-documents/misc_docs', flags(true, true), null],
    ['/hr-documents', flags(true, true), null],
    ['/expert-articles-and-insights', flags(true, true), null],
    ['/employees', flags(true, true), '/hr-documents'],
    ['/hr-documents-elsewhere', flags(true, false), '/hr-documents'],
    ['/document/0b4e0f0e-7f43-4d3c-9a55-7a1f9d1e2c3b', flags(true, false), null],
    ['/document/0b4e0f0e-7f43-4d3c-9a55-7a1f9d1e2c3b', flags(false, true), null],
    ['/documents-elsewhere', flags(true, true), '/hr-documents'],
  ])('%s with %o → %s', (pathname, sessionFlags, expected) => {
    expect(restrictedModeRedirect(pathname, sessionFlags)).toBe(expected);
  });

  it('leaves a full session alone', () => {
    expect(restrictedModeRedirect('/employees', { docsOnly: false, hrClient: true, hsClient: false })).toBeNull();
  });
});

describe('route guards', () => {
  it('no session → /login', () => {
    expect(destination(requireSession)).toBe('/login');
    setToken(token({ company_id: 'c1' }));
    expect(destination(requireSession)).toBeNull();
  });

  it('a company user passes; an administrator (no company_id) goes to /admin', () => {
    setToken(token({ company_id: 'c1', status: 'active' }));
    expect(destination(() => requireCompanyUser('/'))).toBeNull();
    setToken(token({ company_id: null, status: 'active' }));
    expect(destination(() => requireCompanyUser('/'))).toBe('/admin');
  });

  it.each(['pending', 'invited'])('status %s → /welcome', (status) => {
    setToken(token({ company_id: 'c1', status }));
    expect(destination(() => requireCompanyUser('/'))).toBe('/welcome');
  });

  it('docs-only → the documents area its company has', () => {
    setToken(token({ company_id: 'c1', status: 'active' }));
    localStorage.setItem(SESSION_KEYS.docsOnly, '1');
    localStorage.setItem(SESSION_KEYS.hrClient, '0');
    localStorage.setItem(SESSION_KEYS.hsClient, '1');
    expect(destination(() => requireCompanyUser('/'))).toBe('/hs-documents/misc_docs');
  });

  it('an unreadable token is no session: cleared, → /login', () => {
    setToken('garbage');
    expect(destination(() => requireCompanyUser('/'))).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('/admin sends company users home', () => {
    setToken(token({ company_id: 'c1' }));
    expect(destination(requireAdministrator)).toBe('/');
    setToken(token({ company_id: null }));
    expect(destination(requireAdministrator)).toBeNull();
  });

  it('/login sends a signed-in user to / or /admin by company_id', () => {
    expect(destination(redirectSignedIn)).toBeNull();
    setToken(token({ company_id: 'c1' }));
    expect(destination(redirectSignedIn)).toBe('/');
    setToken(token({ company_id: null }));
    expect(destination(redirectSignedIn)).toBe('/admin');
  });
});
