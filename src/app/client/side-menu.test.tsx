import { AppShell } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../client/ui/test-render';
import { reloadPage } from '../../client/shell/reload-page';
import { buildMenu, collectMenuEntries } from '../../client/shell/menu/menu-registry';
import { clientModules } from './modules';
import { menuContext, pending, permission } from '../../client/shell/menu/menu-test-context';
import { SideMenu } from '../../client/shell/menu/side-menu';

/** Every entry of the app's modules, as the shell collects them. */
const MENU_ENTRIES = collectMenuEntries(clientModules);

vi.mock('../../client/shell/reload-page', () => ({ reloadPage: vi.fn() }));
beforeEach(() => vi.mocked(reloadPage).mockClear());

// The registered entries (the calendar module's among them).
const ALL_LANDED = MENU_ENTRIES;

function renderMenu(options: { path: string; restricted?: boolean }) {
  const handlers = { onToggle: vi.fn(), onNavigate: vi.fn(), onContact: vi.fn() };
  const context = menuContext({
    restricted: options.restricted ?? false,
    permissions: [permission('/api/contact-us')],
    pending: pending({ user_absence: 14 }),
  });
  const result = renderWithApp(
    <AppShell navbar={{ width: 264, breakpoint: 1024 }}>
      <AppShell.Navbar>
        <SideMenu items={buildMenu(context, ALL_LANDED)} currentPath={options.path} {...handlers} />
      </AppShell.Navbar>
    </AppShell>,
    { path: options.path },
  );
  return { ...result, handlers };
}

describe('SideMenu', () => {
  it('marks the current page and reloads it when its link is clicked again', async () => {
    const { router, handlers } = renderMenu({ path: '/calendar?view=month' });
    const calendar = await screen.findByRole('link', { name: 'Calendar' });
    expect(calendar).toHaveAttribute('aria-current', 'page');
    fireEvent.click(calendar);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(router.state.location.href).toBe('/calendar?view=month');
    expect(handlers.onNavigate).toHaveBeenCalled();
  });

  it('navigates to another entry in the app without a reload', async () => {
    const { router } = renderMenu({ path: '/' });
    fireEvent.click(await screen.findByRole('link', { name: /Leave & Absences/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leave-and-absences/list'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows a badge of "9+" above 9', async () => {
    renderMenu({ path: '/' });
    const leave = await screen.findByRole('link', { name: /Leave & Absences/ });
    expect(leave).toHaveTextContent('9+');
  });

  it('greys disabled entries in restricted mode; they do not navigate', async () => {
    const { router } = renderMenu({ path: '/', restricted: true });
    const calendar = await screen.findByRole('link', { name: 'Calendar' });
    expect(calendar).toHaveAttribute('aria-disabled', 'true');
    expect(calendar).not.toHaveAttribute('href');
    fireEvent.click(calendar);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'HR Documents' })).not.toHaveAttribute('aria-disabled');
  });

  it('opens Help/FAQ in a new tab', async () => {
    renderMenu({ path: '/' });
    const help = await screen.findByRole('link', { name: 'Help/FAQ' });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the contact modal from Contact Us, and has "Close menu" and a logo link home', async () => {
    const { handlers } = renderMenu({ path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Us' }));
    expect(handlers.onContact).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(handlers.onToggle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Stafflane home' })).toHaveAttribute('href', '/');
  });
});
