// The frame around every signed-in page: the side menu (a drawer on phones), the top bar, the
// page and the version line. Company users get the modules' banners and top-bar tools, the bell,
// the settings menu and the company menu; administrators their own menu. The side menu's contact
// entry opens the dialog a module gives (ClientModule.contactDialog), and so does the outbox's
// Correct for a message refused after it waited there. This file
// and everything it imports load with the signed-in route's chunk, never with the sign-in page.
import './shell-styles';
import { AppShell } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { memo, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bellNotificationsQueryOptions } from './notifications/notifications.api';
import { DESKTOP_BREAKPOINT_PX } from '../../shared/constants';
import { getToken } from '../auth/token-store';
import { readTokenClaims } from '../auth/token-claims';
import { OfflineIndicator } from '../offline/offline-indicator';
import { OfflinePageGate } from '../offline/offline-page-gate';
import { DIALOG_FORMS, useCorrectionDialog } from '../offline/outbox-correction';
import { OutboxButton } from '../offline/outbox-button';
import { useGetReadyOffline } from '../pwa/use-get-ready-offline';
import { pageDrawn } from '../realtime/page-drawn';
import { useRealtimePollInterval } from '../realtime/realtime-status';
import { afterNextPaint } from './after-first-paint';
import { useClientModules } from './client-modules';
import { buildAdminMenu } from './menu/account-registry';
import { buildMenu, useMenuEntries, type MenuItem } from './menu/menu-registry';
import { buildSettingsMenu, useSettingsEntries } from './menu/settings-registry';
import { SideMenu } from './menu/side-menu';
import { useMenuContext } from './menu/use-menu-context';
import { useMenuOpen, useOpenedOnce } from './menu/use-menu-open';
import { NotificationBell } from './notifications/notification-bell';
import { setUnreadCount } from './page-title';
import { SettingsMenu } from './top-bar/settings-menu';
import { TopBar } from './top-bar/top-bar';
import { UserMenu } from './top-bar/user-menu';
import { VersionFooter } from './version-footer';

/** While the realtime connection is down, new notifications arrive with this poll (and on focus). */
const NOTIFICATIONS_POLL_MS = 60_000;

type Claims = NonNullable<ReturnType<typeof readTokenClaims>>;

/** `page` in place of the route's child: "Page not found" for an address no route has. */
export function SignedInLayout({ page }: { page?: ReactNode } = {}) {
  const claims = readTokenClaims(getToken()) ?? {};
  // Started by the entry when the app opened signed in; after a sign-in in this tab, here.
  const queryClient = useQueryClient();
  useEffect(() => {
    void import('../offline/offline-session').then((offline) => offline.startOfflineSession(queryClient));
  }, [queryClient]);
  // The first page is on screen: what waited for it (realtime, the service worker) starts.
  useEffect(() => afterNextPaint(pageDrawn), []);
  return claims.company_id ? <CompanyFrame claims={claims} page={page} /> : <Frame claims={claims} items={buildAdminMenu()} page={page} />;
}

function CompanyFrame({ claims, page }: { claims: Claims; page?: ReactNode }) {
  const context = useMenuContext(claims);
  const modules = useClientModules();
  const menuEntries = useMenuEntries();
  const settingsEntries = useSettingsEntries();
  // Built again only when what they show changes: the frame, its top bar's menus and the page
  // are not drawn again each time one of the frame's reads answers.
  const items = useMemo(() => buildMenu(context, menuEntries), [context, menuEntries]);
  const tools = useMemo(() => {
    const shown = modules.flatMap((module) => module.tools ?? []).filter((tool) => tool.visible?.(context) ?? true);
    return (
      <>
        {shown.map(({ key, component: Tool }) => (
          <Suspense key={key} fallback={null}>
            <Tool />
          </Suspense>
        ))}
        <NotificationBell />
        <SettingsMenu entries={buildSettingsMenu(context, settingsEntries)} />
      </>
    );
  }, [modules, context, settingsEntries]);
  const banners = useMemo(
    () => modules.flatMap((module) => module.banners ?? []).map(({ key, component: Banner }) => <Banner key={key} />),
    [modules],
  );
  return (
    <>
      <UnreadCount />
      <Frame claims={claims} items={items} restricted={context.restricted} page={page} tools={tools}>
        {banners}
      </Frame>
    </>
  );
}

/** The bell's count in the page's title; connected, events bring new notifications (and replay what a dropped connection missed). */
function UnreadCount() {
  const { data } = useQuery({ ...bellNotificationsQueryOptions(), refetchInterval: useRealtimePollInterval(NOTIFICATIONS_POLL_MS) });
  const unread = data?.unread ?? 0;
  useEffect(() => setUnreadCount(unread), [unread]);
  useEffect(() => () => setUnreadCount(0), []);
  return null;
}

type FrameProps = { claims: Claims; items: MenuItem[]; restricted?: boolean; tools?: ReactNode; page?: ReactNode; children?: ReactNode };

const Frame = memo(function Frame({ claims, items, restricted = false, tools, page, children }: FrameProps) {
  const menu = useMenuOpen();
  const menuDrawn = useOpenedOnce(menu.open);
  const ContactDialog = useClientModules().find((module) => module.contactDialog)?.contactDialog;
  const currentPath = useRouterState({ select: (state) => state.location.href });
  const [contactOpen, setContactOpen] = useState(false);
  const [contactLoaded, setContactLoaded] = useState(false);
  // Every screen, and the first page of data of every menu area, opens offline later, even never visited.
  useGetReadyOffline(claims.user_id, items);
  const { closeDrawer } = menu;
  const openContact = useCallback(() => {
    closeDrawer();
    setContactLoaded(true);
    setContactOpen(true);
  }, [closeDrawer]);
  useCorrectionDialog(DIALOG_FORMS.contactSupport, openContact);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: DESKTOP_BREAKPOINT_PX, collapsed: { mobile: !menu.drawerOpen, desktop: !menu.desktopOpen } }}
      padding="md"
      // The menu runs the full height beside the top bar, its logo level with the bar.
      layout="alt"
      className="signed-in-shell"
    >
      <AppShell.Header>
        <TopBar menuOpen={menu.open} desktop={menu.desktop} onToggleMenu={menu.toggle}>
          <OfflineIndicator />
          <OutboxButton />
          {tools}
          <UserMenu
            firstName={claims.first_name ?? ''}
            userId={claims.user_id}
            impersonating={claims.imp === true}
            companyUser={Boolean(claims.company_id)}
            restricted={restricted}
          />
        </TopBar>
      </AppShell.Header>
      {/* Not a landmark itself: the menu's entries are the "Main menu" navigation inside, drawn once it first opens. */}
      <AppShell.Navbar id="side-menu" role="none" className="side-menu" data-closed={!menu.open || undefined}>
        {menuDrawn && (
          <SideMenu items={items} currentPath={currentPath} onToggle={menu.toggle} onNavigate={menu.closeDrawer} onContact={openContact} />
        )}
      </AppShell.Navbar>
      <AppShell.Main className="signed-in-main">
        {children}
        <PageArea page={page} />
        <VersionFooter />
      </AppShell.Main>
      {contactLoaded && ContactDialog && (
        <Suspense fallback={null}>
          <ContactDialog opened={contactOpen} onClose={() => setContactOpen(false)} />
        </Suspense>
      )}
    </AppShell>
  );
});

/** The page: the frame drawn again (the route's address, the menu opening) does not draw it again. */
const PageArea = memo(function PageArea({ page }: { page?: ReactNode }) {
  return (
    <div className="signed-in-page">
      {page ?? (
        <OfflinePageGate>
          <Outlet />
        </OfflinePageGate>
      )}
    </div>
  );
});
