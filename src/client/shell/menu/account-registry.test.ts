import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_ENTRIES, buildAdminMenu, PROFILE_ENTRY, profileVisible } from './account-registry';

describe('My profile', () => {
  const landed = { ...PROFILE_ENTRY, landed: true };

  it('is only for a company user not in restricted mode', () => {
    expect(profileVisible({ companyUser: true, restricted: false }, landed)).toBe(true);
    expect(profileVisible({ companyUser: true, restricted: true }, landed)).toBe(false);
    expect(profileVisible({ companyUser: false, restricted: false }, landed)).toBe(false);
  });

  it('goes to /profile, and stays hidden until that page lands', () => {
    expect(PROFILE_ENTRY.path).toBe('/profile');
    expect(profileVisible({ companyUser: true, restricted: false })).toBe(PROFILE_ENTRY.landed);
  });
});

describe('administrators’ menu', () => {
  it('lists the admin area, companies, orders, alerts, expert articles, live chat, contact requests and notifications, and no company entries', () => {
    expect(buildAdminMenu(ADMIN_MENU_ENTRIES.map((entry) => ({ ...entry, landed: true }))).map((item) => [item.title, item.href])).toEqual([
      ['Administration', '/admin'],
      ['Companies', '/admin/companies'],
      ['Orders', '/admin/orders'],
      ['Administrators', '/admin/administrators'],
      ['Platform audit', '/admin/audit'],
      ['Alerts', '/admin/alerts'],
      ['Expert articles', '/admin/articles'],
      ['Live chat', '/admin/chat'],
      ['Contact requests', '/admin/contact-requests'],
      ['Notifications', '/notifications'],
    ]);
  });
});
