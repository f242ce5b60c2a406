// Playwright's global setup: the SMTP sink the server under test sends its mail to.
import { startMailSink } from './mail-sink';

export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailSink();
}
