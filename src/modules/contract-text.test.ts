// Every string a contract accepts refuses control characters: through the shared text
// helpers (textField, multilineTextField and friends), or a format of its own that cannot
// hold one (an id, an e-mail address, a date, a pattern). A new field that forgets it fails
// here. Passwords and opaque tokens are the listed exceptions: they are compared, never shown.
import { describe, expect, it } from 'vitest';

type Node = {
  kind?: string;
  type?: string;
  requirement?: unknown;
  pipe?: Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  items?: Node[];
  options?: Node[];
  key?: Node;
  value?: Node;
  rest?: Node;
};

const contracts = import.meta.glob<Record<string, unknown>>('./*/*.contract.ts', { eager: true });

/** Secrets and opaque tokens: compared with what is stored, never shown or sent on. */
const EXEMPT = new Set([
  'auth/auth.contract.ts LoginInputSchema.password',
  'auth/auth.contract.ts PasswordResetCompleteSchema.password',
  'auth/auth.contract.ts PasswordResetCompleteSchema.token',
  'auth/auth.contract.ts ChangePasswordSchema.current_password',
  'auth/auth.contract.ts ChangePasswordSchema.password',
  'auth/auth.contract.ts ConfirmEmailSchema.token',
  'auth/auth.contract.ts ConfirmEmailChangeSchema.token',
  'auth/auth.contract.ts WelcomeSchema.password',
  'auth/access-requests.contract.ts TokenExchangeInputSchema.token',
]);

/** Query values read as a string or a list, then checked against a fixed list of words (a picklist after the transform). */
const CHOSEN_FROM_A_LIST = [
  'companies/companies.contract.ts FindCompaniesQuerySchema.status',
  'companies/companies.contract.ts FindCompaniesQuerySchema.product',
  'companies/orders.contract.ts OrderQueueQuerySchema.status',
  'companies/platform-audit.contract.ts PlatformAuditQuerySchema.kind',
  'companies/platform-audit.contract.ts PlatformAuditQuerySchema.format',
];
for (const path of CHOSEN_FROM_A_LIST) EXEMPT.add(path).add(`${path}.[]`);

const FORMATS = new Set([
  'uuid',
  'email',
  'rfc_email',
  'iso_date',
  'iso_date_time',
  'iso_time',
  'iso_time_second',
  'iso_timestamp',
  'iso_week',
  'digits',
  'decimal',
  'hexadecimal',
  'hex_color',
  'ip',
  'ipv4',
  'ipv6',
  'mac',
  'cuid2',
  'ulid',
  'nanoid',
  'base64',
  'imei',
  'isbn',
  'url',
]);
const CONTROL_SAMPLES = ['a\u0000b', 'a\u0001b', 'a\u001Bb', 'a\u007Fb', 'a\u0085b', 'a\u009Bb', 'a\u000Bb'];

function refusesControl(action: Node): boolean {
  if (action.kind !== 'validation') return false;
  if (FORMATS.has(action.type ?? '')) return true;
  const test =
    action.requirement instanceof RegExp
      ? (value: string) => (action.requirement as RegExp).test(value)
      : typeof action.requirement === 'function'
        ? (value: string) => Boolean((action.requirement as (value: string) => unknown)(value))
        : null;
  if (!test || !['regex', 'check'].includes(action.type ?? '')) return false;
  return CONTROL_SAMPLES.every((sample) => {
    try {
      return !test(sample);
    } catch {
      return true;
    }
  });
}

/** The actions a value passes through in a pipe, pipes nested in it included. */
function actionsOf(schema: Node): Node[] {
  return (schema.pipe ?? []).flatMap((item) => (item.kind === 'schema' ? actionsOf(item) : [item]));
}

/** The paths of strings that nothing in their pipe (or an enclosing one) keeps control characters out of. */
function unguarded(schema: Node, path: string, guarded: boolean, out: string[]): void {
  if (schema.pipe) {
    const guard = guarded || actionsOf(schema).some(refusesControl);
    for (const item of schema.pipe) if (item.kind === 'schema') unguarded(item, path, guard, out);
    return;
  }
  if (schema.type === 'string') {
    if (!guarded) out.push(path);
    return;
  }
  const at = (child: string) => (path.endsWith(' ') ? `${path}${child}` : `${path}.${child}`);
  for (const [name, entry] of Object.entries(schema.entries ?? {})) unguarded(entry, at(name), false, out);
  if (schema.wrapped) unguarded(schema.wrapped, path, guarded, out);
  if (schema.item) unguarded(schema.item, at('[]'), guarded, out);
  for (const [i, item] of (schema.items ?? []).entries()) unguarded(item, at(String(i)), guarded, out);
  for (const option of schema.options ?? []) if (typeof option === 'object') unguarded(option, path, guarded, out);
  if (schema.key) unguarded(schema.key, at('{key}'), guarded, out);
  if (schema.value && typeof schema.value === 'object') unguarded(schema.value, at('{value}'), guarded, out);
  if (schema.rest) unguarded(schema.rest, at('{rest}'), guarded, out);
}

/** Shapes of answers, not requests: nothing a caller sends is read with them. */
const RESPONSES = new Set(['notifications/notifications.contract.ts NotificationSchema']);

describe('contracts', () => {
  it('are all found', () => {
    expect(Object.keys(contracts).length).toBeGreaterThanOrEqual(10);
  });

  it('declare every string a request may carry with a rule that refuses control characters', () => {
    const found: string[] = [];
    for (const [file, module] of Object.entries(contracts)) {
      for (const [name, value] of Object.entries(module)) {
        if (
          typeof value === 'object' &&
          value !== null &&
          (value as Node).kind === 'schema' &&
          !RESPONSES.has(`${file.slice(2)} ${name}`)
        ) {
          unguarded(value as Node, `${file.slice(2)} ${name}`, false, found);
        }
      }
    }
    expect(found.filter((path) => !EXEMPT.has(path))).toEqual([]);
  });
});
