// Cached data by resource name: every query whose key starts with a resource name (`user-absence`,
// `who-at-work`…) is that resource's. A write names what it made stale in its module's contract;
// the server publishes those names in its realtime event and the tab that wrote invalidates the
// same ones when its answer arrives. That tab then also hears its own event: within ECHO_WINDOW_MS
// of invalidating a name itself, the first event naming it again is taken for the echo and not
// refetched a second time; an event that arrives before the answer makes the answer's own
// invalidation of that name unnecessary (the event's refetch started after the write committed).
// A write made while realtime is not connected has no echo to wait for (a first connection
// replays nothing): it marks nothing, so the next event naming the same resource — someone
// else's change, such as a manager approving what was just sent — is refetched.
import type { QueryClient } from '@tanstack/react-query';
import { getRealtimeStatus } from '../realtime/realtime-status';

export const ECHO_WINDOW_MS = 2_000;

type Marks = {
  /** Names this tab's own writes invalidated, by when, until an event names them again. */
  written: Map<string, number>;
  /** Names realtime events invalidated, by when. */
  heard: Map<string, number>;
};

const marksByClient = new WeakMap<QueryClient, Marks>();

function marksOf(queryClient: QueryClient): Marks {
  let marks = marksByClient.get(queryClient);
  if (!marks) {
    marks = { written: new Map(), heard: new Map() };
    marksByClient.set(queryClient, marks);
  }
  return marks;
}

const recent = (at: number | undefined, now: number) => at !== undefined && now - at < ECHO_WINDOW_MS;

/** Resource name → the names read from it (the calendar reads absences, shifts, tasks…). */
const dependants = new Map<string, Set<string>>();

/**
 * A resource made of others' data: invalidated whenever one of them is, by a write of this tab
 * or a realtime event, so a screen such as the calendar refreshes when an absence it shows is
 * approved elsewhere. Called where the derived resource's queries are defined.
 */
export function deriveResource(name: string, from: readonly string[]): void {
  for (const source of from) dependants.set(source, (dependants.get(source) ?? new Set()).add(name));
}

const withDependants = (names: Iterable<string>) => {
  const all = new Set(names);
  for (const name of [...all]) for (const dependant of dependants.get(name) ?? []) all.add(dependant);
  return all;
};

/** After this tab's own write: refetches what the write made stale (its contract's list). */
export function invalidateResources(queryClient: QueryClient, names: readonly string[]): Promise<void> {
  const marks = marksOf(queryClient);
  const now = Date.now();
  const stale = [...withDependants(names)].filter((name) => !recent(marks.heard.get(name), now));
  if (getRealtimeStatus() === 'connected') for (const name of stale) marks.written.set(name, now);
  return Promise.all(stale.map((name) => queryClient.invalidateQueries({ queryKey: [name] }))).then(() => undefined);
}

/** What a realtime event names: refetched, except the echo of this tab's own write. */
export function invalidateHeardResources(queryClient: QueryClient, names: Iterable<string>): void {
  const marks = marksOf(queryClient);
  const now = Date.now();
  for (const name of withDependants(names)) {
    const written = marks.written.get(name);
    marks.written.delete(name);
    if (recent(written, now)) continue;
    marks.heard.set(name, now);
    void queryClient.invalidateQueries({ queryKey: [name] });
  }
}
