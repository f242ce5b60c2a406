// The user menu's My profile entry and the administrators' side menu, as registry
// entries that appear when their screens have landed.
import {
  IconBell,
  IconBook2,
  IconBuildingStore,
  IconHistory,
  IconInbox,
  IconMessageCircle,
  IconReceipt2,
  IconShieldLock,
  IconSpeakerphone,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import type { MenuItem } from './menu-registry';

export const PROFILE_ENTRY = { path: '/profile', label: 'My profile', landed: true };

/** My profile: only for a company user not in restricted mode, once the people module builds /profile. */
export function profileVisible(user: { companyUser: boolean; restricted: boolean }, entry = PROFILE_ENTRY): boolean {
  return entry.landed && user.companyUser && !user.restricted;
}

type AdminEntry = { key: string; title: string; icon: Icon; href: string; landed: boolean };

/**
 * Administrators have no company: no bell, no settings, no company entries. Their own menu
 * holds the admin area and their notifications (access requests decided by companies), which
 * without a bell they reach from here.
 */
export const ADMIN_MENU_ENTRIES: AdminEntry[] = [
  { key: 'admin', title: 'Administration', icon: IconShieldLock, href: '/admin', landed: true },
  { key: 'admin-companies', title: 'Companies', icon: IconBuildingStore, href: '/admin/companies', landed: true },
  { key: 'admin-orders', title: 'Orders', icon: IconReceipt2, href: '/admin/orders', landed: true },
  { key: 'admin-administrators', title: 'Administrators', icon: IconUserShield, href: '/admin/administrators', landed: true },
  { key: 'admin-audit', title: 'Platform audit', icon: IconHistory, href: '/admin/audit', landed: true },
  { key: 'admin-alerts', title: 'Alerts', icon: IconSpeakerphone, href: '/admin/alerts', landed: true },
  { key: 'admin-articles', title: 'Expert articles', icon: IconBook2, href: '/admin/articles', landed: true },
  { key: 'admin-chat', title: 'Live chat', icon: IconMessageCircle, href: '/admin/chat', landed: true },
  { key: 'admin-contact-requests', title: 'Contact requests', icon: IconInbox, href: '/admin/contact-requests', landed: true },
  { key: 'notifications', title: 'Notifications', icon: IconBell, href: '/notifications', landed: true },
];

export function buildAdminMenu(entries: readonly AdminEntry[] = ADMIN_MENU_ENTRIES): MenuItem[] {
  return entries
    .filter((entry) => entry.landed)
    .map(({ key, title, icon, href }) => ({ key, title, icon, href, kind: 'link', badge: 0, disabled: false }));
}
