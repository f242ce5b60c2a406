// Which tab is open. A tab's address is either a base path plus its key
// ("/settings/user-settings" + "access-requests"; the key '' is the base itself) or the
// current path with the key in the `tab` query parameter; a tab may add filter parameters
// to its address. Hidden tabs are not shown and never open; with nothing chosen the first
// visible tab is the fallback; a choice no visible tab matches is an error.

export type TabFilters = Record<string, string | readonly string[]>;

export type TabDefinition = {
  key: string;
  label: string;
  hidden?: boolean;
  /** Filter query parameters the tab's address carries (and its location must have to match). */
  search?: TabFilters;
};

export type TabsAddressing = { basePath: string } | { queryParam?: string };

export type TabTarget = { pathname: string; search: Record<string, string | readonly string[]> };

export type TabsState =
  | { status: 'open'; visible: TabDefinition[]; active: TabDefinition; fallback: boolean }
  | { status: 'error'; visible: TabDefinition[]; active: null; fallback: false };

export const DEFAULT_TAB_PARAM = 'tab';

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

export function tabTarget(tab: TabDefinition, addressing: TabsAddressing, currentPathname: string): TabTarget {
  if ('basePath' in addressing) {
    const base = `/${trimSlashes(addressing.basePath)}`;
    return { pathname: tab.key === '' ? base : `${base}/${tab.key}`, search: { ...tab.search } };
  }
  const param = addressing.queryParam ?? DEFAULT_TAB_PARAM;
  return { pathname: currentPathname, search: { ...tab.search, ...(tab.key === '' ? {} : { [param]: tab.key }) } };
}

/** The key the location names, or null when it names none (the base path, or no parameter). */
export function chosenKey(addressing: TabsAddressing, pathname: string, search: Record<string, unknown>): string | null {
  if ('basePath' in addressing) {
    const base = trimSlashes(addressing.basePath);
    const path = trimSlashes(pathname);
    if (path === base) return null;
    if (!path.startsWith(`${base}/`)) return '\u0000'; // outside the tabs: matches nothing
    return path.slice(base.length + 1).split('/')[0] ?? '';
  }
  const value = search[addressing.queryParam ?? DEFAULT_TAB_PARAM];
  return typeof value === 'string' && value !== '' ? value : null;
}

const sameValue = (wanted: string | readonly string[], actual: unknown) =>
  Array.isArray(wanted) || Array.isArray(actual)
    ? JSON.stringify([wanted].flat().map(String)) === JSON.stringify([actual].flat().map(String))
    : String(actual) === wanted;

function filtersMatch(tab: TabDefinition, search: Record<string, unknown>): number {
  const entries = Object.entries(tab.search ?? {});
  return entries.every(([name, value]) => sameValue(value, search[name])) ? entries.length : -1;
}

export function resolveTabs(input: {
  tabs: readonly TabDefinition[];
  addressing: TabsAddressing;
  pathname: string;
  search: Record<string, unknown>;
}): TabsState {
  const visible = input.tabs.filter((tab) => !tab.hidden);
  const key = chosenKey(input.addressing, input.pathname, input.search);
  // Several tabs may share a key and differ by filters: the one matching the most filters wins.
  const candidates = visible
    .filter((tab) => tab.key === (key ?? ''))
    .map((tab) => ({ tab, score: filtersMatch(tab, input.search) }))
    .filter(({ score }) => score >= 0)
    .sort((a, b) => b.score - a.score);
  const match = candidates[0]?.tab;
  if (match) return { status: 'open', visible, active: match, fallback: false };
  const first = visible[0];
  if (key === null && first) return { status: 'open', visible, active: first, fallback: true };
  return { status: 'error', visible, active: null, fallback: false };
}
