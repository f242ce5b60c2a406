import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle, setUnreadCount, usePageTitle } from './page-title';

afterEach(() => setUnreadCount(0));

describe('page title', () => {
  it('is the unread notification count in brackets, then the page title, then the product name', () => {
    expect(pageTitle('Dashboard', 3)).toBe('(3) Dashboard | Stafflane');
  });

  it('has no brackets when nothing is unread', () => {
    expect(pageTitle('Login')).toBe('Login | Stafflane');
    expect(pageTitle('Dashboard', 0)).toBe('Dashboard | Stafflane');
  });

  it('follows the count the signed-in frame publishes', () => {
    renderHook(() => usePageTitle('Dashboard'));
    expect(document.title).toBe('Dashboard | Stafflane');
    act(() => setUnreadCount(12));
    expect(document.title).toBe('(12) Dashboard | Stafflane');
    act(() => setUnreadCount(0));
    expect(document.title).toBe('Dashboard | Stafflane');
  });

  it('writes a new count without drawing the page again', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      usePageTitle('Dashboard');
    });
    const drawn = renders;
    act(() => setUnreadCount(4));
    expect(document.title).toBe('(4) Dashboard | Stafflane');
    expect(renders).toBe(drawn);
  });

  it("is the next page's title once that page is on screen, with the count kept", () => {
    act(() => setUnreadCount(2));
    const { rerender, unmount } = renderHook(({ page }) => usePageTitle(page), { initialProps: { page: 'Dashboard' } });
    rerender({ page: 'Leave' });
    expect(document.title).toBe('(2) Leave | Stafflane');
    unmount();
    act(() => setUnreadCount(3));
    // No page on screen: the count no longer writes a title of its own.
    expect(document.title).toBe('(2) Leave | Stafflane');
  });
});
