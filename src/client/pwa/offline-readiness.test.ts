// "Ready to work offline": the sequence (code first, then each menu area's addresses one at a
// time, each after the page is quiet again), what it names as not ready, and when it runs at all
// (a worker, online, once per user and build, again after a failure or a logout).
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eraseSessionData } from '../offline/session-data';
import { SOME_SCREENS, readinessLine } from './offline-readiness-copy';
import {
  cappedDetails,
  DETAILS_AT_MOST,
  DETAILS_PER_AREA,
  getOfflineReadiness,
  prepareOffline,
  READY_FOR_MS,
  readReadyRecord,
  resetOfflineReadinessForTests,
  startOfflineReadiness,
  type ReadinessArea,
  type ReadinessSteps,
} from './offline-readiness';
import { areaAddresses, menuAreas } from './offline-readiness-steps';

const AREAS: ReadinessArea[] = [
  { title: 'Dashboard', hrefs: ['/'] },
  { title: 'Expenses', hrefs: ['/expenses', '/expenses/new'] },
  { title: 'Overtime', hrefs: ['/overtime', '/overtime/report'] },
];

/** Steps that log what they do, with what is running at once, and fail the addresses in `failing`. */
function fakeSteps(options: { failing?: string[]; screens?: boolean; goesOfflineAt?: string } = {}) {
  const log: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let online = true;
  const step = async <T>(name: string, answer: T): Promise<T> => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    log.push(name);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running -= 1;
    return answer;
  };
  const steps: ReadinessSteps = {
    rest: () => step('rest', undefined),
    whenQuiet: () => step('quiet', undefined),
    isOnline: () => online,
    cacheScreens: () => step('code', options.screens ?? true),
    prepareAddress: async (href) => {
      if (href === options.goesOfflineAt) online = false;
      if (href === '/broken') throw new Error('chunk gone');
      return step(href, !(options.failing ?? []).includes(href));
    },
    flush: () => step('flush', undefined),
  };
  return { steps, log, mostAtOnce: () => mostAtOnce };
}

beforeEach(() => {
  localStorage.clear();
  resetOfflineReadinessForTests();
});
afterEach(() => vi.useRealTimers());

describe('prepareOffline', () => {
  it('gets the code first, then every address of every area, one thing at a time and each after the page is quiet, then writes the cache', async () => {
    const fake = fakeSteps();
    expect(await prepareOffline(() => AREAS, fake.steps)).toEqual([]);
    expect(fake.log).toEqual([
      'rest',
      'quiet',
      'code',
      'quiet',
      '/',
      'quiet',
      '/expenses',
      'quiet',
      '/expenses/new',
      'quiet',
      '/overtime',
      'quiet',
      '/overtime/report',
      'flush',
    ]);
    expect(fake.mostAtOnce()).toBe(1);
  });

  it('reads the menu when the data step begins, not before the code (its rules may still be loading)', async () => {
    const fake = fakeSteps();
    const areas = vi.fn(() => {
      expect(fake.log).toContain('code');
      return AREAS.slice(0, 1);
    });
    await prepareOffline(areas, fake.steps);
    expect(areas).toHaveBeenCalledTimes(1);
  });

  it('names each area with an address that failed once, and "Some screens" when code is missing; the rest is still prepared', async () => {
    const fake = fakeSteps({ failing: ['/expenses/new'], screens: false });
    const areas = [...AREAS, { title: 'Noticeboard', hrefs: ['/broken', '/notices'] }];
    expect(await prepareOffline(() => areas, fake.steps)).toEqual([SOME_SCREENS, 'Expenses', 'Noticeboard']);
    expect(fake.log).toContain('/overtime/report');
    expect(fake.log).toContain('/notices');
    expect(readinessLine([SOME_SCREENS, 'Expenses'])).toBe('Not ready offline: Some screens, Expenses');
  });

  it('counts whatever is left as not ready once the signal goes, fetching nothing more', async () => {
    const fake = fakeSteps({ goesOfflineAt: '/expenses/new' });
    expect(await prepareOffline(() => AREAS, fake.steps)).toEqual(['Overtime']);
    expect(fake.log).not.toContain('/overtime');
  });
});

describe('the detail pages fetched ahead', () => {
  const noticePages = (count: number) => Array.from({ length: count }, (_, index) => `/notice/n${index + 1}`);

  it('reads them once every area is prepared (from the first pages just loaded), then fetches each the same way before writing the cache', async () => {
    const fake = fakeSteps({ failing: ['/incident-log/i2'] });
    const details = vi.fn(() => {
      expect(fake.log.at(-1)).toBe('/overtime/report');
      return Promise.resolve([
        { title: 'Notices', hrefs: ['/notice/n1'] },
        { title: 'Incident Logs', hrefs: ['/incident-log/i1', '/incident-log/i2'] },
        { title: 'User Settings', hrefs: ['/settings/user-settings'] },
      ]);
    });
    expect(await prepareOffline(() => AREAS, fake.steps, details)).toEqual(['Incident Logs']);
    expect(details).toHaveBeenCalledTimes(1);
    expect(fake.log.slice(-9)).toEqual([
      'quiet',
      '/notice/n1',
      'quiet',
      '/incident-log/i1',
      'quiet',
      '/incident-log/i2',
      'quiet',
      '/settings/user-settings',
      'flush',
    ]);
    expect(fake.mostAtOnce()).toBe(1);
  });

  it('fetches at most DETAILS_PER_AREA of each kind and DETAILS_AT_MOST in all, none twice', async () => {
    const fake = fakeSteps();
    const many = [
      { title: 'Notices', hrefs: noticePages(25) },
      { title: 'Documents', hrefs: Array.from({ length: 40 }, (_, index) => `/document/d${index + 1}`) },
      { title: 'Incident Logs', hrefs: ['/incident-log/i1'] },
      { title: 'Return to Work', hrefs: Array.from({ length: 12 }, (_, index) => `/return-to-work/r${index + 1}/self-certification`) },
      { title: 'HR Tasks', hrefs: Array.from({ length: 10 }, (_, index) => `/hr-task/t${index + 1}`) },
      { title: 'User Settings', hrefs: ['/settings/user-settings'] },
    ];
    await prepareOffline(
      () => [],
      fake.steps,
      () => Promise.resolve(many),
    );
    const fetched = fake.log.filter((entry) => entry.startsWith('/'));
    expect(fetched).toHaveLength(DETAILS_AT_MOST);
    expect(fetched.filter((href) => href.startsWith('/notice/'))).toEqual(noticePages(DETAILS_PER_AREA));
    expect(fetched.filter((href) => href.startsWith('/document/'))).toHaveLength(DETAILS_PER_AREA);
    expect(fetched).toContain('/incident-log/i1');
    expect(fetched.filter((href) => href.startsWith('/hr-task/'))).toHaveLength(DETAILS_AT_MOST - 3 * DETAILS_PER_AREA - 1);
    // The cap is reached before the last kind: what is left stays for the person to open online.
    expect(fetched).not.toContain('/settings/user-settings');
    expect(cappedDetails([{ title: 'Notices', hrefs: ['/notice/a', '/notice/a', '/notice/b'] }])).toEqual([
      { title: 'Notices', hrefs: ['/notice/a', '/notice/b'] },
    ]);
  });

  it("is still ready when the detail pages cannot be read (a module's code missing): they open online", async () => {
    const fake = fakeSteps();
    expect(
      await prepareOffline(
        () => AREAS,
        fake.steps,
        () => Promise.reject(new Error('chunk gone')),
      ),
    ).toEqual([]);
    expect(fake.log.at(-1)).toBe('flush');
  });
});

describe('startOfflineReadiness', () => {
  const start = (fake: ReturnType<typeof fakeSteps>, overrides: Partial<Parameters<typeof startOfflineReadiness>[0]> = {}) => {
    const announce = vi.fn();
    const done = startOfflineReadiness({
      userId: 'u1',
      build: 'build-1',
      workerReady: Promise.resolve(),
      areas: () => AREAS,
      steps: fake.steps,
      whenOnline: () => Promise.resolve(),
      announce,
      ...overrides,
    });
    return { done, announce };
  };

  it('says nothing and fetches nothing without an active service worker', async () => {
    const fake = fakeSteps();
    void start(fake, { workerReady: new Promise(() => undefined) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getOfflineReadiness()).toEqual({ status: 'idle' });
    expect(fake.log).toEqual(['rest']);
  });

  it('leaves the first screen its seconds while the worker installs, and starts fetching as soon as the worker is in place', async () => {
    const fake = fakeSteps();
    let workerActive = () => {};
    const { done } = start(fake, { workerReady: new Promise<void>((resolve) => (workerActive = resolve)) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.log).toEqual(['rest']);
    workerActive();
    await done;
    expect(fake.log.slice(0, 3)).toEqual(['rest', 'quiet', 'code']);
    expect(fake.log.filter((step) => step === 'rest')).toHaveLength(1);
  });

  it('waits for the network, prepares once, says so once, and a reload of the same build says it at once without fetching', async () => {
    let goOnline = () => {};
    const fake = fakeSteps();
    const first = start(fake, { whenOnline: () => new Promise<void>((resolve) => (goOnline = resolve)) });
    // The frame renders again: not started twice.
    const again = start(fake);
    await again.done;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.log).toEqual(['rest']);
    // Offline with the worker in place (a reload in the first seconds): it says it is not ready yet.
    expect(getOfflineReadiness()).toEqual({ status: 'preparing' });
    goOnline();
    await first.done;
    expect(getOfflineReadiness()).toEqual({ status: 'ready', notReady: [] });
    expect(first.announce).toHaveBeenCalledExactlyOnceWith([]);
    expect(again.announce).not.toHaveBeenCalled();
    expect(readReadyRecord('u1', 'build-1')).toEqual([]);

    resetOfflineReadinessForTests();
    const reload = fakeSteps();
    const reopened = start(reload);
    await reopened.done;
    expect(reload.log).toEqual([]);
    expect(getOfflineReadiness()).toEqual({ status: 'ready', notReady: [] });
    expect(reopened.announce).not.toHaveBeenCalled();
  });

  it('does it again for a new build, after READY_FOR_MS, after a failure and after a logout', async () => {
    await start(fakeSteps()).done;
    expect(readReadyRecord('u1', 'build-2')).toBeNull();
    expect(readReadyRecord('u1', 'build-1', Date.now() + READY_FOR_MS + 1)).toBeNull();

    await eraseSessionData('u1', 'logout');
    expect(readReadyRecord('u1', 'build-1')).toBeNull();
    expect(getOfflineReadiness()).toEqual({ status: 'idle' });

    const failing = fakeSteps({ failing: ['/overtime'] });
    const failed = start(failing);
    await failed.done;
    expect(failed.announce).toHaveBeenCalledExactlyOnceWith(['Overtime']);
    expect(getOfflineReadiness()).toEqual({ status: 'ready', notReady: ['Overtime'] });
    // Not kept: the next start tries again.
    expect(readReadyRecord('u1', 'build-1')).toBeNull();
  });
});

describe('the areas of the menu', () => {
  const router = {
    routesById: Object.fromEntries(
      [
        '/',
        '/expenses/',
        '/expenses/new',
        '/expenses/$id',
        '/expenses/$id/edit',
        '/settings/company-settings',
        '/settings/user-settings',
        '/notices/',
      ].map((fullPath) => [fullPath, { fullPath }]),
    ),
  } as unknown as AnyRouter;

  it('adds to an entry the screens beside it that take no parameter (its forms); the dashboard and settings stand alone', () => {
    expect(areaAddresses(router, '/expenses')).toEqual(['/expenses', '/expenses/new']);
    expect(areaAddresses(router, '/')).toEqual(['/']);
    expect(areaAddresses(router, '/settings/user-settings#top')).toEqual(['/settings/user-settings']);
    // The entry's own search is kept (its loader starts that query), beside the plain list.
    expect(areaAddresses(router, '/expenses/?status=submitted')).toEqual(['/expenses?status=submitted', '/expenses', '/expenses/new']);
  });

  it('leaves out external links, the contact entry and disabled entries', () => {
    const items = [
      { title: 'Expenses', href: '/expenses', kind: 'link', disabled: false },
      { title: 'Help/FAQ', href: 'https://help.example', kind: 'external', disabled: false },
      { title: 'Contact Us', href: '#', kind: 'contact', disabled: false },
      { title: 'Noticeboard', href: '/notices', kind: 'link', disabled: true },
    ];
    expect(menuAreas(router, items)).toEqual([{ title: 'Expenses', hrefs: ['/expenses', '/expenses/new'] }]);
  });
});
