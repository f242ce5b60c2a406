// Start-up failures as one line a person can act on: what failed and what to do. The
// details (stack, driver fields) go to the debug log only.

/** A start-up failure whose message already says what failed and what to do. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

type Failure = Error & { code?: string; syscall?: string; path?: string; address?: string; port?: number; errno?: number };

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

const FILE_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a file is in the way of a folder',
  EEXIST: 'a file is in the way of a folder',
  ENOSPC: 'no space left on the device',
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * The secrets the configuration holds (passwords in connection URLs, signing and API keys):
 * what redactSecrets takes out of any line printed about start-up, in case a driver's message
 * quotes one.
 */
export function secretsOf(config: {
  databaseUrl?: string | undefined;
  appDatabaseUrl?: string | undefined;
  jwtSecret?: string | undefined;
  mail?: { smtpUrl: string | undefined };
  files?: { driver: 'local' } | { driver: 's3'; s3: { secretAccessKey: string | undefined } };
  realtime?: { ably: { apiKey: string } | undefined; pusher: { secret: string } | undefined };
  push?: { privateKey: string | undefined };
}): string[] {
  const passwordOf = (url: string | undefined) => {
    if (!url) return [];
    try {
      const password = new URL(url).password;
      return password ? [password, decodeURIComponent(password)] : [];
    } catch {
      return [url];
    }
  };
  return [
    ...passwordOf(config.databaseUrl),
    ...passwordOf(config.appDatabaseUrl),
    ...passwordOf(config.mail?.smtpUrl),
    config.jwtSecret,
    config.files?.driver === 's3' ? config.files.s3.secretAccessKey : undefined,
    config.realtime?.ably?.apiKey,
    config.realtime?.ably?.apiKey.split(':')[1],
    config.realtime?.pusher?.secret,
    config.push?.privateKey,
  ].filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
}

/** `text` with every secret replaced by [redacted], longest first (one may contain another). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) redacted = redacted.split(secret).join('[redacted]');
  return redacted;
}

/** The sentence main.ts prints when the server cannot start. */
export function describeStartupFailure(error: unknown, context: { port: number; host: string; dataDir: string }): string {
  if (!(error instanceof Error)) return `Stafflane could not start: ${oneLine(String(error))}`;
  const e = error as Failure;
  const say = (text: string) => `Stafflane could not start: ${oneLine(text)}`;
  if (e instanceof StartupError) return say(e.message);
  if (e.syscall === 'listen' && e.code === 'EADDRINUSE')
    return say(
      `Port ${e.port ?? context.port} on ${context.host} is already in use. Stop the program using it, or set PORT to a free port.`,
    );
  if (e.syscall === 'listen' && e.code === 'EACCES')
    return say(
      `Not allowed to listen on port ${e.port ?? context.port}. Set PORT to 1024 or above, or give this user the right to bind it.`,
    );
  if (e.code && e.path && FILE_CODES[e.code])
    return say(
      `Cannot use ${e.path} (${FILE_CODES[e.code]}). Make DATA_DIR (${context.dataDir}) a folder this user can write to, or set DATA_DIR to another one.`,
    );
  if (e.code && NETWORK_CODES.has(e.code))
    return say(
      `Cannot reach the database${e.address ? ` at ${e.address}${e.port ? `:${e.port}` : ''}` : ''} (${e.code}). Check DATABASE_URL and that PostgreSQL is running.`,
    );
  if (e.code === '28P01' || e.code === '28000' || e.code === '3D000')
    return say(
      `The database refused the connection: ${e.message}. Check the user, password and database name in DATABASE_URL or APP_DATABASE_URL.`,
    );
  return say(`${e.message} (set LOG_LEVEL=debug for details).`);
}
