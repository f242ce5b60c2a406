// The tab that requests leave refreshes the absence list once: its own write's invalidation and
// the realtime event the server publishes for that write (its echo) are one refetch, whichever
// arrives first; events of other people's writes still refresh it. The tab's realtime is
// connected, as it is when an echo can come at all.
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../client/api/query-client';
import { createRealtimeEventHandler, type RealtimeEventHandler } from '../../../client/realtime/realtime-events';
import { setRealtimeStatus } from '../../../client/realtime/realtime-status';
import type { RealtimeEvent } from '../../../shared/realtime';
import { type CreateAbsenceInput } from '../absences.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES } from '../leave.contract';
import { absence, ANNUAL } from './absence/absence-test-data';
import { absenceListQueryOptions } from './absences.api';
import { createAbsenceMutationOptions } from './requests.api';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let queryClient: QueryClient;
let realtime: RealtimeEventHandler;
let listReads: number;
let stopWatching: () => void;

const echo: RealtimeEvent = {
  id: '7',
  channel: 'company-c1',
  event: LEAVE_RESOURCES.absence,
  invalidates: [...LEAVE_INVALIDATES.absence],
  payload: null,
};
const body: CreateAbsenceInput = { leave_type_id: ANNUAL.id, start_date: '2025-11-24', end_date: '2025-11-26', duration_type: 'days' };

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const fetching = () => queryClient.isFetching({ queryKey: [LEAVE_RESOURCES.absence] }) > 0;
async function idle(): Promise<void> {
  while (fetching()) await settle();
  await settle();
}

function serve(beforeAnswer: () => Promise<void> = async () => undefined) {
  server.use(
    http.get('/api/user-absence', () => {
      listReads += 1;
      return HttpResponse.json({ results: [absence({})], count: 1, next_offset: 1 });
    }),
    http.post('/api/user-absence', async () => {
      await beforeAnswer();
      return HttpResponse.json(absence({}), { status: 201 });
    }),
  );
}

const requestLeave = () => new MutationObserver(queryClient, createAbsenceMutationOptions(queryClient)).mutate({ body, sickness: false });

beforeEach(async () => {
  queryClient = createQueryClient();
  realtime = createRealtimeEventHandler(queryClient);
  listReads = 0;
  setRealtimeStatus('connected');
});

/** The list on screen: an observer, so an invalidation refetches it. */
async function showList(): Promise<void> {
  const observer = new QueryObserver(queryClient, absenceListQueryOptions({ filters: {}, page: 1 }));
  stopWatching = observer.subscribe(() => undefined);
  await idle();
  expect(listReads).toBe(1);
}

afterEach(() => {
  stopWatching();
  setRealtimeStatus('stopped');
});

describe('a leave request and its realtime echo', () => {
  it('refetch the list once when the answer arrives first', async () => {
    serve();
    await showList();
    await requestLeave();
    realtime.handleEvent(echo);
    await idle();
    expect(listReads).toBe(2);
  });

  it('refetch the list once when the echo arrives before the answer', async () => {
    serve(async () => {
      realtime.handleEvent(echo);
      while (listReads < 2) await settle();
    });
    await showList();
    await requestLeave();
    await idle();
    expect(listReads).toBe(2);
  });

  it('still refetch for the next event, someone else’s write', async () => {
    serve();
    await showList();
    await requestLeave();
    realtime.handleEvent(echo);
    await idle();
    realtime.handleEvent({ ...echo, id: '8' });
    await idle();
    expect(listReads).toBe(3);
  });
});
