// Playwright's global setup: the SMTP sink the server under test sends its mail to. The
// config starts it before the web server (see playwright.config.ts); started here otherwise.
import { startMailSink } from './mail-sink';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const holder = globalThis as typeof globalThis & { stafflaneMailSink?: () => Promise<void> };
  return holder.stafflaneMailSink ?? startMailSink();
}
