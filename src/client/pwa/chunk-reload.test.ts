// A chunk that fails before the router runs (the app's own start, after a deploy) reloads the page
// once; once the router runs, a chunk that fails is left to the route, whose error page tries it
// again in place (screen-code-retry.ts): the moment the signal returns no longer reloads the page.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../shell/reload-page';
import { leaveChunkFailuresToRoutes, reloadOnChunkLoadFailure } from './chunk-reload';

vi.mock('../shell/reload-page', () => ({ reloadPage: vi.fn() }));

reloadOnChunkLoadFailure();

function failedPreload(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
  sessionStorage.clear();
});

describe('a chunk that could not be fetched', () => {
  it('before the router runs, reloads the page once a minute at most', () => {
    expect(failedPreload().defaultPrevented).toBe(true);
    expect(failedPreload().defaultPrevented).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('once the router runs, is left to the route: no reload, the import fails to its caller', () => {
    leaveChunkFailuresToRoutes();
    expect(failedPreload().defaultPrevented).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
