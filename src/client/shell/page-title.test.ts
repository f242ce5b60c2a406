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
});
