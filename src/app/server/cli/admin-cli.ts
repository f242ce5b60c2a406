// `npm run admin -- <command>`: Stafflane's administrators from the server's command line, on
// the configured database (DATABASE_URL, or the embedded one under DATA_DIR: shared with the
// running server, or started for the command and stopped after it).
//   create --email … --name "First Surname"   a new administrator, and the link that sets their password
//   link --email …                             a fresh set-password link for one who has not finished
//   list                                       every administrator and their status
//   reset-2fa --email …                        sign-in codes by e-mail again (app, recovery codes, passkeys cleared), lock lifted
//   disable --email …                          the account ended and its sessions closed
// A refusal is one line on stderr and exit code 1.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { AppError } from '../../../shared/app-error';
import { ConfigError, loadConfig } from '../../../server/config';
import { openDatabase, type OpenDatabase } from '../../../server/db/open';
import { demoSeeding } from '../seed';
import { createMailDispatcher } from '../../../server/mail/mail-dispatcher';
import { serverModules } from '../modules';
import { packageVersion } from '../../../server/package-version';
import { describeStartupFailure, redactSecrets, secretsOf } from '../../../server/startup-error';
import {
  createAdministrator,
  disableAdministrator,
  inviteAgain,
  listAdministrators,
  resetAdministratorTwoFactor,
} from './admin-cli.service';

const USAGE = [
  'Usage: npm run admin -- <command>',
  '  create --email EMAIL --name "FIRST SURNAME"   make an administrator and print the link that sets their password',
  '  link --email EMAIL                            a fresh set-password link for an administrator who has not set one (the last stops working)',
  '  list                                          list the administrators',
  '  reset-2fa --email EMAIL                       clear their authenticator app and passkeys, send codes by e-mail again, lift a lock',
  '  disable --email EMAIL                         end an administrator’s account and sessions',
].join('\n');

function fail(message: string): never {
  console.error(`Stafflane admin: ${message.replace(/\s*\n\s*/g, ' ')}`);
  process.exit(1);
}

function problemOf(error: AppError): string {
  const fields = Object.values(error.fieldErrors ?? {}).flat();
  return fields.length ? fields.join(' ') : error.message;
}

/** The flags each command needs: checked before the database is opened. */
const NEEDS: Record<string, readonly ('email' | 'name')[]> = {
  create: ['email', 'name'],
  link: ['email'],
  list: [],
  'reset-2fa': ['email'],
  disable: ['email'],
};

function parse(): { command: string; email: string | undefined; name: string | undefined } {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    const command = positionals[0];
    if (values.help || !command || positionals.length > 1) {
      console.log(USAGE);
      process.exit(values.help ? 0 : 1);
    }
    const needs = NEEDS[command];
    if (!needs) fail(`unknown command "${command}" (npm run admin -- --help).`);
    for (const flag of needs) if (!values[flag]?.trim()) fail(`--${flag} is required (npm run admin -- --help).`);
    return { command, email: values.email, name: values.name };
  } catch (error) {
    fail(`${(error as Error).message} (npm run admin -- --help)`);
  }
}

const stderrLogger = () => pino({ level: process.env.LOG_LEVEL === 'debug' ? 'debug' : 'warn' }, pino.destination(2));

/** With SMTP the invitation is sent now; without, the server's log shows it at its next pass (the link is printed here anyway). */
async function sendNow(config: ReturnType<typeof loadConfig>, database: OpenDatabase): Promise<void> {
  if (!config.mail.smtpUrl) return;
  const mail = createMailDispatcher({ db: database.db, logger: stderrLogger(), ...config.mail, intervalMs: 60_000 });
  await mail.drain();
  await mail.stop();
}

/** A flag parse() has checked. */
const required = (value: string | undefined) => value?.trim() ?? '';

async function run(database: OpenDatabase, config: ReturnType<typeof loadConfig>, args: ReturnType<typeof parse>): Promise<void> {
  const deps = { config, db: database.db, modules: serverModules, mail: { wake: () => undefined } };
  switch (args.command) {
    case 'create': {
      const email = required(args.email);
      const name = required(args.name);
      const { administrator, link } = await createAdministrator({ deps, email, name });
      await sendNow(config, database);
      console.log(
        [
          `Administrator ${administrator.first_name} ${administrator.surname} <${administrator.email}> created.`,
          `To set their password, open this link within 7 days (it works once${config.mail.smtpUrl ? '; it was e-mailed to them too' : ''}):`,
          link,
          'Signing in as an administrator always asks for a code sent to that e-mail address.',
        ].join('\n'),
      );
      return;
    }
    case 'link': {
      const { administrator, link } = await inviteAgain({ deps, email: required(args.email) });
      await sendNow(config, database);
      console.log([`A new link for ${administrator.email} (the earlier ones no longer work; valid 7 days, once):`, link].join('\n'));
      return;
    }
    case 'list': {
      const administrators = await listAdministrators(database.db);
      if (!administrators.length) {
        console.log('No administrators yet: npm run admin -- create --email EMAIL --name "FIRST SURNAME"');
        return;
      }
      const width = Math.max(...administrators.map((a) => a.email.length)) + 2;
      for (const a of administrators) {
        const seen = a.last_active_at ? `last active ${a.last_active_at.slice(0, 16).replace('T', ' ')} UTC` : 'never signed in';
        console.log(`${a.email.padEnd(width)}${`${a.first_name} ${a.surname}`.padEnd(28)}${a.status.padEnd(9)}${seen}`);
      }
      return;
    }
    case 'reset-2fa': {
      const administrator = await resetAdministratorTwoFactor({ deps, email: required(args.email) });
      console.log(
        `Sign-in codes for ${administrator.email} now go to that e-mail address: their authenticator app, recovery codes and passkeys are cleared, codes sent before no longer work, any sign-in lock is lifted, and they have been told by e-mail.`,
      );
      return;
    }
    case 'disable': {
      const administrator = await disableAdministrator({ deps, email: required(args.email) });
      console.log(`${administrator.email} can no longer sign in: the account is ended and its sessions are closed.`);
      return;
    }
    default:
      fail(`unknown command "${args.command}" (npm run admin -- --help).`);
  }
}

async function main(): Promise<void> {
  const args = parse();
  let config;
  try {
    // Never the demo: an administrator's command must not seed a company with public passwords.
    config = loadConfig({ ...process.env, SEED_DEMO: '0' }, packageVersion());
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const secrets = secretsOf(config);
  let database: OpenDatabase;
  try {
    database = await openDatabase(config, stderrLogger(), { shareRunningServer: true, demo: demoSeeding });
  } catch (error) {
    fail(
      redactSecrets(
        describeStartupFailure(error, config).replace(/^Stafflane could not start: /, 'could not open the database: '),
        secrets,
      ),
    );
  }
  let code = 0;
  try {
    await run(database, config, args);
  } catch (error) {
    code = 1;
    console.error(
      `Stafflane admin: ${error instanceof AppError ? problemOf(error) : redactSecrets((error as Error).message ?? String(error), secrets)}`,
    );
  } finally {
    await database.close();
  }
  process.exit(code);
}

void main();
