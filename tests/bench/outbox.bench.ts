// `npm run bench:outbox`: the service worker's outbox under a burst of offline writes.
// The built app in Chromium against a real server (its own embedded database), signed in as
// the demo employee. The network is taken away, 200 contact-us messages (each unique) are
// queued through the page, the network comes back, and we measure the time until the outbox
// is empty, then count the rows on the server: duplicates and losses.
// Targets: 200 drained in under 20 s, 0 duplicates, 0 losses. Writes tests/bench/results/outbox.json.
//
// "No network" is the server stopped (its data kept) plus the browser's offline mode. The run
// first checks which of the two reaches the worker's fetches and prints it: Chromium's
// offline emulation (context.setOffline) applies to the page, not to a service worker's fetches.
import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { withTenant } from '../../src/server/db/database';
import { SW_MESSAGE, type OutboxItemSummary } from '../../src/shared/sw-messages';
import { chromiumLaunchOptions, startAppServer } from '../e2e/support/app-server';
import { postContactMessages } from '../e2e/support/outbox-writes';
import { withServerDatabase } from '../e2e/support/server-database';

const WRITES = Number(process.env.BENCH_OUTBOX_WRITES ?? 200);
const TARGET_DRAIN_MS = 20_000;
const DRAIN_TIMEOUT_MS = 180_000;
const EMAIL = 'employee@demo.test';
const PASSWORD = 'demo-password';
const PREFIX = `outbox-bench-${Date.now()}`;

type Claims = { user_id: string; company_id: string };

function claimsOf(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (last: ${JSON.stringify(value)}).`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The worker's list for the user (LIST_OUTBOX, answered on a port). */
function outboxItems(page: Page, userId: string): Promise<OutboxItemSummary[]> {
  return page.evaluate(
    ({ userId, type }) =>
      new Promise<OutboxItemSummary[]>((resolve, reject) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return reject(new Error('The page has no controlling service worker.'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ items: OutboxItemSummary[] }>) => resolve(event.data.items);
        worker.postMessage({ type, userId }, [channel.port2]);
      }),
    { userId, type: SW_MESSAGE.listOutbox },
  );
}

const pending = (items: OutboxItemSummary[]) => items.filter((item) => item.state !== 'synced');

async function serverMessages(dataDir: string, companyId: string): Promise<string[]> {
  return withServerDatabase(
    (db) =>
      withTenant(db, companyId, async (trx) => {
        const rows = await sql<{ message: string }>`
          SELECT message FROM contact_requests WHERE message LIKE ${`${PREFIX}%`}`.execute(trx);
        return rows.rows.map((row) => row.message);
      }),
    dataDir,
  );
}

async function main(): Promise<void> {
  const server = await startAppServer(`bench-outbox`);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('Page error:', error.message));

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await until('the service worker to control the page', () => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), Boolean);
    const token = await page.evaluate(() => localStorage.getItem('auth-token'));
    if (!token) throw new Error('Not signed in.');
    const claims = claimsOf(token);
    // What the page's outbox bridge sends at start (idempotent): replays use only this token.
    await page.evaluate(({ token, userId, type }) => navigator.serviceWorker.controller?.postMessage({ type, token, userId }), {
      token,
      userId: claims.user_id,
      type: SW_MESSAGE.setToken,
    });

    // Which "offline" reaches the worker: the browser's offline mode alone, server running.
    await context.setOffline(true);
    const [probeStatus] = (await postContactMessages(page, [`${PREFIX}-probe`], claims.company_id)).map((answer) => answer.status);
    const emulationStopsWorkerFetches = probeStatus === 202;
    console.log(
      `context.setOffline(true) with the server up: the worker's fetch answered ${probeStatus} → ` +
        (emulationStopsWorkerFetches
          ? 'offline emulation does stop service-worker fetches'
          : 'offline emulation does NOT stop service-worker fetches'),
    );
    // Let the probe land (if it was queued) so it does not count among the writes measured.
    await context.setOffline(false);
    await page.evaluate((type) => navigator.serviceWorker.controller?.postMessage({ type }), SW_MESSAGE.replayOutbox);
    await until(
      'the probe to land',
      async () => pending(await outboxItems(page, claims.user_id)).length,
      (count) => count === 0,
      30_000,
    );
    await context.setOffline(true);

    await server.pause();
    const messages = Array.from({ length: WRITES }, (_, index) => `${PREFIX}-${String(index).padStart(4, '0')}`);
    const queueStarted = performance.now();
    const statuses = (await postContactMessages(page, messages, claims.company_id)).map((answer) => answer.status);
    const queueMs = performance.now() - queueStarted;
    const queued = statuses.filter((status) => status === 202).length;
    const waiting = pending(await outboxItems(page, claims.user_id)).length;
    console.log(`Queued ${queued}/${WRITES} (202) in ${Math.round(queueMs)} ms; the outbox holds ${waiting} waiting.`);

    const resumeStarted = performance.now();
    await server.resume();
    const serverRestartMs = performance.now() - resumeStarted;
    const drainStarted = performance.now();
    await context.setOffline(false);
    // The page's 'online' event makes the bridge post REPLAY_OUTBOX; posted here too, as it would be.
    await page.evaluate((type) => navigator.serviceWorker.controller?.postMessage({ type }), SW_MESSAGE.replayOutbox);
    const left = await until(
      'the outbox to drain',
      async () => pending(await outboxItems(page, claims.user_id)),
      (items) => items.every((item) => item.state === 'needs_attention'),
      DRAIN_TIMEOUT_MS,
    );
    const drainMs = performance.now() - drainStarted;

    const landed = (await serverMessages(server.dataDir, claims.company_id)).filter((message) => message !== `${PREFIX}-probe`);
    const counts = new Map<string, number>();
    for (const message of landed) counts.set(message, (counts.get(message) ?? 0) + 1);
    const duplicates = [...counts.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const losses = messages.filter((message) => !counts.has(message)).length;

    const figures = {
      date: new Date().toISOString(),
      writes: WRITES,
      queued,
      queueMs: Math.round(queueMs),
      serverRestartMs: Math.round(serverRestartMs),
      drainMs: Math.round(drainMs),
      needsAttention: left.length,
      rowsOnServer: landed.length,
      duplicates,
      losses,
      offlineEmulationStopsWorkerFetches: emulationStopsWorkerFetches,
      network: 'server process stopped (data kept) + context.setOffline(true)',
      targets: { drainMs: TARGET_DRAIN_MS, duplicates: 0, losses: 0 },
      pass: drainMs < TARGET_DRAIN_MS && duplicates === 0 && losses === 0 && left.length === 0,
    };
    console.log(
      `Drained ${WRITES} in ${(drainMs / 1000).toFixed(2)} s (target < ${TARGET_DRAIN_MS / 1000} s); ` +
        `rows on the server ${landed.length}; duplicates ${duplicates}; losses ${losses}; needs attention ${left.length}.`,
    );
    fs.mkdirSync('tests/bench/results', { recursive: true });
    fs.writeFileSync('tests/bench/results/outbox.json', `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Wrote tests/bench/results/outbox.json — ${figures.pass ? 'PASS' : 'FAIL'}`);
    if (!figures.pass) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
