// End-to-end tests against the built app and a real server, never a mocked backend, in Debian's
// Chromium. The client is built when stale and snapshotted for the run, so the server under
// test serves the same files from the first test to the last.
import { defineConfig, devices } from '@playwright/test';
import {
  chromiumLaunchOptions,
  freePorts,
  seededDataDir,
  startingFrom,
  removeStaleRuns,
  serverEnv,
  snapshotBuiltClient,
} from './tests/e2e/support/app-server';
import { startMailSink } from './tests/e2e/support/mail-sink';

type MailSinkHolder = typeof globalThis & { stafflaneMailSink?: () => Promise<void> };

// The config is evaluated again in every worker: choose the port, empty the data directory
// and take the snapshot once, in the runner, and hand them down through the environment.
if (!process.env.E2E_PORT) {
  // The server, the mail sink and the endpoint the tests read it from.
  const [serverPort, smtpPort, mailPort] = await freePorts(3);
  process.env.E2E_PORT = String(serverPort);
  process.env.E2E_SMTP_PORT = String(smtpPort);
  process.env.E2E_MAIL_PORT = String(mailPort);
  removeStaleRuns();
  process.env.E2E_CLIENT_DIR = snapshotBuiltClient(`e2e-client-${process.env.E2E_PORT}`);
  // The sink listens before the server starts (Playwright starts the web server before the
  // global setup), so the server's first e-mails are delivered, not retried; the global setup
  // hands its stop to Playwright.
  (globalThis as MailSinkHolder).stafflaneMailSink = await startMailSink();
  // The demo database is made and seeded once; the run's server and each spec's own start from copies.
  process.env.E2E_SEEDED_DIR = await seededDataDir(`e2e-seeded-${process.env.E2E_PORT}`, mainServerEnv());
  startingFrom(`e2e-data-${process.env.E2E_PORT}`);
}
const port = Number(process.env.E2E_PORT);

/** What the run's server has beside serverEnv: the mail sink, and sign-up open. */
function mainServerEnv(): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_POLL_MS: '200',
    // tests/e2e/go-live.spec.ts signs a company up (closed by default, as on a self-hosted install).
    SIGN_UP: 'open',
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // Once: a test that passes only on its second run is reported as flaky by name (README, Decisions).
  retries: 1,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // Recorded for a test's retry only: recording every test's trace (screenshots and DOM snapshots
    // at each step) to throw it away when it passes cost CI time on every test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // No service worker unless a test asks for one (test.use({ serviceWorkers: 'allow' }), in a
    // describe block around the offline tests of a spec, or for the whole of a spec whose every
    // test needs it): each new context would install it and precache the shell's 195 files,
    // about a third of the CPU a test without offline or push work costs (measured: 3 such
    // specs, one worker, 140 → 92 CPU s).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      ...serverEnv({ port, dataDir: `.tmp/e2e-data-${port}`, clientDir: process.env.E2E_CLIENT_DIR }),
      ...mainServerEnv(),
    },
    reuseExistingServer: false,
    // A first run may build the client and initialise PostgreSQL.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
