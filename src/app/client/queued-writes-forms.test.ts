// Every queued write says which form made it, so a refusal can be corrected there (a page, or a
// dialog the app opens over any page): a queue mark must name its `form` (the type requires the
// key), and a mark whose form is null — a write with
// nothing in it a person would correct in a form — is allowed only where it is listed below with
// its reason. A new queueing form that gives null fails here until it names its form (or its
// null is argued for in this list).
import { describe, expect, it } from 'vitest';

/** Each file's marks with no form to open, and why there is none. */
const NO_FORM: Record<string, string[]> = {
  'src/client/api/settings.api.ts': ['a profile picture: a refused one is mended by choosing another picture'],
  'src/client/shell/notifications/notifications.api.ts': ['opening a notification: a tap'],
  'src/modules/notices/client/notices.api.ts': ['acknowledging a notice: a tap'],
  'src/modules/time-clock/client/time-clock.api.ts': ['a clock event: a tap, at the device’s time'],
  'src/modules/rotas/client/rotas.api.ts': [
    'claiming an open shift: a tap',
    'offering a shift for a swap: a tap (My shifts offers it with no note); a refusal (the shift started, changed or went meanwhile) has nothing to correct',
  ],
  'src/modules/expenses/client/expenses.api.ts': [
    'a receipt: made by the claim form, it comes back into its claim when that claim is corrected',
    'submitting a claim: a tap, or the claim form’s last step sent again with the corrected claim',
  ],
  'src/modules/chat/client/chat.api.ts': ['a chat file: sent as soon as it is chosen, a refused one is mended by choosing another'],
};

// Every source file of the app, as text (the tests and their helpers left out).
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*test-support*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.entries(sources).map(([path, text]) => ({ path: path.slice(1), text }));
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('the form of every queued write', () => {
  it('is null only where the list says why', () => {
    const found = Object.fromEntries(
      files.map(({ path, text }) => [path, count(text, /\bform: null\b/g)] as const).filter(([, marks]) => marks > 0),
    );
    const listed = Object.fromEntries(Object.entries(NO_FORM).map(([path, reasons]) => [path, reasons.length]));
    expect(found).toEqual(listed);
  });

  it('is named by the forms that queue writes', () => {
    const named = files
      .filter(({ text }) => /\bform: (?!null\b)[^,}\n]+/.test(text) && /\b(queue|schema):/.test(text))
      .map(({ path }) => path);
    expect(named).toEqual(
      expect.arrayContaining([
        'src/modules/expenses/client/expenses.api.ts',
        'src/modules/overtime/client/overtime.api.ts',
        'src/modules/incidents/client/incidents.api.ts',
        'src/modules/leave/client/requests.api.ts',
        'src/modules/leave/client/return-to-work.api.ts',
        'src/modules/tasks/client/tasks.api.ts',
        'src/modules/documents/client/documents.api.ts',
        'src/modules/support/client/contact-us.api.ts',
        'src/modules/alerts/client/alerts.api.ts',
        'src/modules/chat/client/chat.api.ts',
      ]),
    );
  });
});
