// British formats that client and server both write. The date formats themselves
// live in ./dates.ts; this keeps the name the sign-in messages use.
import { DATE_FORMATS, formatLondon } from './dates';

/** dd/MM/yyyy HH:mm in Europe/London, whatever the machine's own time zone. */
export function formatLondonDateTime(date: Date): string {
  return formatLondon(date, DATE_FORMATS.dateTime);
}
