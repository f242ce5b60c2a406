// Live support chat in two browsers, on a server of the test's own whose support-hours clock is
// fixed (SUPPORT_CLOCK_FILE, a file holding the instant; test-only): Ella, on a 390 px phone,
// opens the chat on a Tuesday at 10:00 London time and the administrator, on a desktop, sees the
// conversation arrive, takes it and replies — typing and read marks shown live. Then the clock
// moves to 18:30: the panel says when the team is back, shows the 24/7 line, and her message
// becomes a contact request, which the administrator answers from the inbox: the reply reaches
// her bell and her mailbox over real SMTP. A message written with no signal is sent once.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { root, startAppServer, type AppServer } from './support/app-server';
import { expect, PHONE, signIn, test, waitForActivatedServiceWorker } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail-sink';

const IN_HOURS = '2026-11-24T10:00:00Z';
const AFTER_HOURS = '2026-11-24T18:30:00Z';

let server: AppServer;
const clockFile = path.join(root, '.tmp', `chat-clock-${process.pid}`);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.mkdirSync(path.dirname(clockFile), { recursive: true });
  fs.writeFileSync(clockFile, IN_HOURS);
  server = await startAppServer('chat', {
    SUPPORT_CLOCK_FILE: clockFile,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_POLL_MS: '200',
  });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(clockFile, { force: true });
});

async function signedIn(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  return page;
}

// Offline: this test works with the service worker; the file's others do without it, each
// context sparing its install and precaching (playwright.config.ts).
test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('in support hours a person chats with the team and an administrator replies in realtime', async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await signedIn(browser, ACCOUNTS.admin);
    await admin.goto('/admin/chat');
    await expect(admin.getByRole('heading', { name: 'Live chat', level: 1 })).toBeVisible();
    await expect(admin.getByText(/You answer for: Support team/)).toBeVisible();

    const ella = await signedIn(browser, ACCOUNTS.employee, PHONE);
    await waitForActivatedServiceWorker(ella);
    await ella.getByRole('button', { name: 'Chat with support' }).click();
    const panel = ella.getByRole('dialog', { name: 'Support chat' });
    await expect(panel).toBeVisible();
    // Full screen on a phone.
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    expect(box?.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    // The demo's past conversation is listed; she is not an authorised contact: support only, once confirmed.
    await expect(panel.getByText('Your conversations')).toBeVisible();
    await expect(panel.getByRole('radiogroup', { name: 'Team' })).toHaveCount(0);
    await panel.getByLabel('Your message').fill('My payslip will not open');
    const start = panel.getByRole('button', { name: 'Start chat' });
    await expect(start).toBeDisabled();
    await panel.getByLabel(/I understand and confirm/).check();
    await start.click();
    await expect(panel.getByText('Waiting for someone to join…')).toBeVisible();
    await expect(panel.getByTestId('chat-message').filter({ hasText: 'My payslip will not open' })).toBeVisible();

    // It arrives on the administrator's open page without a reload.
    const row = admin.getByTestId('admin-chat-row').filter({ hasText: 'Ella' }).filter({ hasText: 'My payslip will not open' });
    await expect(row).toBeVisible({ timeout: 5_000 });
    await row.click();
    await admin.getByRole('button', { name: 'Take', exact: true }).click();
    await expect(panel.getByText('With Ada Adams')).toBeVisible();
    // Opened by the administrator: Ella's message is read.
    await expect(panel.getByTestId('chat-read-mark')).toHaveText('Read');

    await admin.getByRole('textbox', { name: 'Message' }).pressSequentially('Let me look', { delay: 20 });
    await expect(panel.getByTestId('chat-typing')).toHaveText(/Ada is typing…/);
    await admin.getByRole('textbox', { name: 'Message' }).fill('Try downloading it from Documents, then opening it.');
    await admin.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByTestId('chat-message').filter({ hasText: 'Try downloading it from Documents' })).toBeVisible({
      timeout: 3_000,
    });

    // Her answer comes back the same way, with her typing shown first.
    await panel.getByRole('textbox', { name: 'Message' }).pressSequentially('Thanks', { delay: 20 });
    await expect(admin.getByTestId('chat-typing')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(admin.getByTestId('chat-message').filter({ hasText: 'Thanks' })).toBeVisible({ timeout: 3_000 });
    await ella.screenshot({ path: '/tmp/chat-phone-thread.png' });
    await admin.screenshot({ path: '/tmp/chat-admin.png' });

    // With no signal her message waits in the outbox, then arrives once when the network returns.
    await ella.context().setOffline(true);
    await panel.getByRole('textbox', { name: 'Message' }).fill('Sent from the tunnel');
    await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(panel.getByText('Waiting to sync')).toBeVisible();
    await admin.waitForTimeout(1_000);
    await expect(admin.getByTestId('chat-message').filter({ hasText: 'Sent from the tunnel' })).toHaveCount(0);
    await ella.context().setOffline(false);
    await expect(admin.getByTestId('chat-message').filter({ hasText: 'Sent from the tunnel' })).toHaveCount(1, { timeout: 30_000 });
    await expect(panel.getByText('Waiting to sync')).toHaveCount(0, { timeout: 15_000 });
    await admin.waitForTimeout(2_000);
    await expect(admin.getByTestId('chat-message').filter({ hasText: 'Sent from the tunnel' })).toHaveCount(1);

    await panel.getByRole('button', { name: 'End chat' }).click();
    await expect(panel.getByText('This conversation has ended.')).toBeVisible();
    await admin.context().close();
    await ella.context().close();
  });
});

test('outside support hours the message becomes a contact request, answered by e-mail and in the bell', async ({ browser }) => {
  test.setTimeout(120_000);
  fs.writeFileSync(clockFile, AFTER_HOURS);
  const ella = await signedIn(browser, ACCOUNTS.employee, PHONE);
  await ella.getByRole('button', { name: 'Chat with support' }).click();
  const panel = ella.getByRole('dialog', { name: 'Support chat' });
  await expect(panel.getByTestId('chat-closed')).toContainText('We are back Wednesday 25 November at 09:00');
  await expect(panel.getByText(/24\/7 HR and H&S advice line/)).toBeVisible();
  const words = `Can I change my bank details? ${crypto.randomUUID().slice(0, 8)}`;
  await panel.getByLabel('Your message').fill(words);
  await panel.getByLabel(/I understand and confirm/).check();
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByTestId('chat-request-sent')).toContainText('as a contact request');
  await ella.screenshot({ path: '/tmp/chat-phone-after-hours.png' });

  const admin = await signedIn(browser, ACCOUNTS.admin);
  await admin.goto('/admin/contact-requests');
  const row = admin.getByRole('row').filter({ hasText: words });
  await expect(row).toContainText('chat');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: /^Open the request from Ella/ }).click();
  const drawer = admin.getByRole('dialog', { name: 'Contact request' });
  await drawer.getByLabel('Internal note').fill('Bank details are under My profile → Pay.');
  await drawer.getByRole('button', { name: 'Add note' }).click();
  await expect(drawer.getByTestId('contact-note')).toContainText('My profile');
  const before = await mailCount(ACCOUNTS.employee);
  await drawer.getByLabel('Reply to the sender').fill('Yes: open My profile, then Pay, and change them there.');
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(drawer.getByTestId('contact-reply')).toBeVisible();
  await expect(drawer.getByLabel('Status')).toHaveValue('In progress');
  await admin.screenshot({ path: '/tmp/chat-inbox.png' });

  await waitForMail({ to: ACCOUNTS.employee, pattern: /(open My profile, then Pay)/, after: before });
  await panel.getByRole('button', { name: 'Close chat' }).click();
  await expect(ella.getByRole('button', { name: /^Notifications, \d+ new$/ })).toBeVisible();
  await ella.getByRole('button', { name: /^Notifications/ }).click();
  await expect(ella.getByText(/Support team replied to your message/).first()).toBeVisible();
});
