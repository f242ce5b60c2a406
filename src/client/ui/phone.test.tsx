// A phone draws its own layout from the first render: usePhone reads the screen while rendering
// (Mantine's useMediaQuery reads it in an effect, so the desktop layout was drawn first).
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY, usePhone, useScreenQuery } from './phone';

afterEach(() => vi.unstubAllGlobals());

function screenMatching(matching: string) {
  const real = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...real(query), matches: query === matching }));
}

describe('usePhone and useScreenQuery', () => {
  it('say a phone is a phone in the very first render', () => {
    screenMatching(PHONE_QUERY);
    const seen: boolean[] = [];
    function Layout() {
      const phone = usePhone();
      seen.push(phone);
      return <p>{phone ? 'cards' : 'table'}</p>;
    }
    const { container } = render(<Layout />);
    expect(seen[0]).toBe(true);
    expect(new Set(seen)).toEqual(new Set([true]));
    expect(container.textContent).toBe('cards');
  });

  it('say a wider screen is not, and answer any other query the same way', () => {
    screenMatching('(min-width: 64em)');
    const seen: Array<[boolean, boolean]> = [];
    function Layout() {
      seen.push([usePhone(), useScreenQuery('(min-width: 64em)')]);
      return null;
    }
    render(<Layout />);
    expect(seen[0]).toEqual([false, true]);
  });
});
