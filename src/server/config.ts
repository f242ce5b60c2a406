// Configuration comes only from the environment, validated once at start-up.
import path from 'node:path';
import * as v from 'valibot';

const port = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.number(),
    v.minValue(0, 'must be between 0 and 65535'),
    v.maxValue(65535, 'must be between 0 and 65535'),
  );

const positiveInt = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(1, 'must be at least 1'),
  );

const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['0', '1', 'true', 'false', ''], 'must be 1, 0, true or false'), fallback ? '1' : '0'),
    v.transform((value) => value === '1' || value === 'true'),
  );

const postgresUrl = v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL'));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'production'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '0.0.0.0'),
  PORT: port(3000),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'data'),
  DATABASE_URL: v.optional(postgresUrl),
  APP_DATABASE_URL: v.optional(postgresUrl),
  DB_POOL_SIZE: positiveInt(10),
  EMBEDDED_PG_PORT: port(0),
  SEED_DEMO: v.optional(v.picklist(['0', '1', 'true', 'false', ''], 'must be 1, 0, true or false')),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level'), 'info'),
  LOG_PRETTY: v.optional(v.picklist(['0', '1', 'true', 'false', ''], 'must be 1, 0, true or false')),
  RATE_LIMIT_MAX: positiveInt(600),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  TRUST_PROXY: flag(false),
  PUBLIC_ORIGIN: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://app.example.com'))),
  SHUTDOWN_TIMEOUT_MS: positiveInt(8_000),
  CLIENT_DIST_DIR: v.optional(v.string(), 'dist/client'),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ACCESS_TOKEN_MINUTES: positiveInt(15),
  SESSION_IDLE_DAYS: positiveInt(7),
  SESSION_MAX_DAYS: positiveInt(30),
  LOGIN_MAX_ATTEMPTS: positiveInt(5),
  LOGIN_LOCK_MINUTES: positiveInt(30),
  LOGIN_CLIENT_MAX_ATTEMPTS: positiveInt(30),
  LOGIN_CLIENT_WINDOW_MINUTES: positiveInt(15),
  ADMIN_TWO_FACTOR: flag(true),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3)), 'Stafflane <no-reply@stafflane.test>'),
  MAIL_POLL_MS: positiveInt(2_000),
  SUPPORT_TEAM_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'support@stafflane.test'),
  HR_TEAM_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'hr-advice@stafflane.test'),
  HS_TEAM_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'hs-advice@stafflane.test'),
  ADVICE_LINE: v.optional(v.pipe(v.string(), v.regex(/^[\d +()-]{6,30}$/, 'must be a telephone number')), '0800 470 2470'),
  SUPPORT_CLOCK_FILE: v.optional(v.pipe(v.string(), v.minLength(1))),
  REALTIME_RETENTION_DAYS: positiveInt(7),
  REALTIME_SESSION_CHECK_MS: positiveInt(5_000),
  ABLY_API_KEY: v.optional(v.pipe(v.string(), v.regex(/^[^\s:]+:[^\s:]+$/, 'must be an Ably API key such as appId.keyId:secret'))),
  ABLY_REST_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+$|^\[[\da-f:]+\]$/i, 'must be a host name or address'))),
  ABLY_REST_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be between 1 and 65535'),
      v.maxValue(65535, 'must be between 1 and 65535'),
    ),
  ),
  ABLY_TLS: flag(true),
  PUSHER_APP_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,200}$/, 'must be letters, digits, dots or dashes'))),
  PUSHER_APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters'))),
  JOBS_ENABLED: flag(true),
  JOBS_CATCH_UP_DELAY_MS: v.pipe(v.optional(v.string(), '10000'), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)),
  JOBS_START_DELAY_MS: v.pipe(v.optional(v.string(), '2000'), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)),
  FILE_STORAGE: v.optional(v.picklist(['local', 's3'], 'must be local or s3'), 'local'),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as eu-west-2')), 'us-east-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://s3.example.com'))),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')),
  ),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL'))),
  SIGN_UP: v.optional(v.picklist(['open', 'closed'], 'must be open or closed'), 'closed'),
  APP_STORE_URL: v.optional(v.pipe(v.string(), v.regex(/^https:\/\/\S+$/, 'must be an https:// address of the iOS app'))),
  PLAY_STORE_URL: v.optional(v.pipe(v.string(), v.regex(/^https:\/\/\S+$/, 'must be an https:// address of the Android app'))),
  S3_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^[\w./-]{0,200}$/, 'must be letters, digits, dots, dashes or slashes')), ''),
  BACKUP_ENABLED: v.optional(v.picklist(['0', '1', 'true', 'false', ''], 'must be 1, 0, true or false')),
  BACKUP_KEEP_DAILY: positiveInt(7),
  BACKUP_KEEP_WEEKLY: v.pipe(v.optional(v.string(), '4'), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Owner connection: migrations and the embedded seed run through it. Unset → embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** The application's own login (a member of stafflane_app); unset → the owner sets up a generated one. */
  appDatabaseUrl: string | undefined;
  poolSize: number;
  embeddedPort: number;
  seedDemo: boolean;
  logLevel: string;
  logPretty: boolean;
  rateLimit: { max: number; windowMs: number };
  trustProxy: boolean;
  publicOrigin: string | undefined;
  shutdownTimeoutMs: number;
  clientDistDir: string;
  /** Token signing key; unset → a key generated once per database and shared by its servers. */
  jwtSecret: string | undefined;
  sessions: { accessTokenSeconds: number; idleSeconds: number; maxSeconds: number };
  /**
   * Failed sign-ins per e-mail address before a lock, and how long the lock lasts; failed
   * sign-ins per client address (IP) in a window before further attempts are answered 429.
   */
  login: {
    maxAttempts: number;
    lockMinutes: number;
    clientMaxAttempts: number;
    clientWindowMinutes: number;
    /** Every administrator (no company) is asked for a code at each sign-in; off only for test set-ups. */
    administratorTwoFactor: boolean;
  };
  /** Unset → e-mail stays in the outbox_email table and the log (development). */
  mail: { smtpUrl: string | undefined; from: string; pollMs: number };
  /** Where contact-us messages go, team. */
  teamEmails: { support: string; hr: string; hs: string };
  /** The 24/7 HR and H&S line; clockFile: a file with an ISO instant support hours are judged at (tests only). */
  support: { adviceLine: string; clockFile: string | null };
  realtime: RealtimeConfig;
  /**
   * Off → this server runs no background jobs (another server on the database still does).
   * catchUpDelayMs: the runs a start catches up on wait until the server has answered its first
   * requests, or this long at most; 0 queues them as the jobs start.
   * startDelayMs: pg-boss itself (its connections, schema check, queues and schedules) starts once
   * the server has answered its first requests, or this long after it listens at most; 0 starts
   * it beside the app, and the start waits for it.
   */
  jobs: { enabled: boolean; catchUpDelayMs: number; startDelayMs: number };
  /** Where uploaded files live: `${DATA_DIR}/files` (one server), or an S3-compatible bucket (several). */
  files: { driver: 'local' } | { driver: 's3'; s3: S3StorageConfig };
  /**
   * Web Push (VAPID): unset keys → the pair made once per database (migration 0034). The
   * subject is how push services may reach the operator: VAPID_SUBJECT, else PUBLIC_ORIGIN
   * when it is https, else mailto: the support team.
   */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** open → anyone may sign a company up at /sign-up (e-mail confirmed, rate-limited); closed → only administrators make companies. */
  signUp: { open: boolean };
  /** The mobile apps' store pages (the side menu's badges); unset → the menu offers "Install the app" instead. */
  appStores: { ios: string | null; android: string | null };
  /**
   * The nightly backup into `${DATA_DIR}/backups` (on by default for the embedded database only):
   * the newest of each of `keepDaily` days, then of each of `keepWeekly` weeks before them.
   */
  backups: { enabled: boolean; dir: string; keepDaily: number; keepWeekly: number };
  version: string;
};

export type RealtimeConfig = {
  /** Events older than this are deleted hourly; a replay from before them answers "reset". */
  retentionDays: number;
  /** How often open sockets' sessions are checked again (expiry, user locked, grant ended). */
  sessionCheckMs: number;
  /** Set → events are also published to Ably, and /api/broadcast/auth issues token requests. */
  ably: { apiKey: string; restHost: string | undefined; port: number | undefined; tls: boolean } | undefined;
  /** Set → /pusher/auth and /pusher/user-auth sign subscriptions for a Pusher-protocol server. */
  pusher: { key: string; secret: string } | undefined;
};

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL (MinIO, R2, …); unset → AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset → the SDK's own credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Put before every key, e.g. `stafflane/`. */
  prefix: string;
};

/**
 * What is wrong with the environment, on one line. A problem names the variable and what it
 * must be, never the value given: a URL or key may carry a password.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}.`);
    this.name = 'ConfigError';
  }
}

/** Connection URLs whose password would be echoed by a parser's own error. */
const URL_VARIABLES = ['DATABASE_URL', 'APP_DATABASE_URL', 'SMTP_URL', 'S3_ENDPOINT', 'PUBLIC_ORIGIN'] as const;

function unparsableUrls(env: Record<string, string | undefined>): string[] {
  return URL_VARIABLES.filter((name) => {
    const value = env[name];
    if (value === undefined) return false;
    try {
      new URL(value);
      return false;
    } catch {
      return true;
    }
  }).map((name) => `${name} is not a valid URL`);
}

/** Settings that would quietly do something else than the operator meant: one line each, start-up refused. */
function contradictions(env: Record<string, string | undefined>, nodeEnv: string): string[] {
  const problems: string[] = [];
  if (nodeEnv === 'production' && env.SMTP_URL && !env.PUBLIC_ORIGIN)
    problems.push('PUBLIC_ORIGIN must be set when SMTP_URL is (the links in e-mails would point at localhost)');
  const s3 = Object.keys(env).filter((name) => name.startsWith('S3_'));
  if (s3.length && env.FILE_STORAGE !== 's3')
    problems.push(
      `${s3.sort().join(', ')} ${s3.length > 1 ? 'are' : 'is'} set but FILE_STORAGE is not s3: set FILE_STORAGE=s3 to keep files in the bucket, or remove the S3_ settings`,
    );
  return problems;
}

/** `stdoutIsTty`: whether logs go to a terminal, where they are pretty unless LOG_PRETTY says otherwise. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0', options: { stdoutIsTty?: boolean } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvSchema, cleaned);
  if (!parsed.success) throw new ConfigError(parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'environment'} ${issue.message}`));
  const e = parsed.output;
  const refused = [...unparsableUrls(cleaned), ...contradictions(cleaned, e.NODE_ENV)];
  if (refused.length) throw new ConfigError(refused);
  if (Boolean(e.PUSHER_APP_KEY) !== Boolean(e.PUSHER_APP_SECRET)) {
    throw new ConfigError(['PUSHER_APP_KEY and PUSHER_APP_SECRET must be set together']);
  }
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) throw new ConfigError(['S3_BUCKET must be set when FILE_STORAGE is s3']);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together']);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO === undefined ? e.DATABASE_URL === undefined : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true';
  const logPretty =
    e.LOG_PRETTY === undefined
      ? e.NODE_ENV === 'development' || options.stdoutIsTty === true
      : e.LOG_PRETTY === '1' || e.LOG_PRETTY === 'true';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    poolSize: e.DB_POOL_SIZE,
    embeddedPort: e.EMBEDDED_PG_PORT,
    seedDemo,
    logLevel: e.LOG_LEVEL,
    logPretty,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR),
    jwtSecret: e.JWT_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, pollMs: e.MAIL_POLL_MS },
    teamEmails: { support: e.SUPPORT_TEAM_EMAIL, hr: e.HR_TEAM_EMAIL, hs: e.HS_TEAM_EMAIL },
    support: { adviceLine: e.ADVICE_LINE, clockFile: e.SUPPORT_CLOCK_FILE ? path.resolve(e.SUPPORT_CLOCK_FILE) : null },
    sessions: {
      accessTokenSeconds: e.ACCESS_TOKEN_MINUTES * 60,
      idleSeconds: e.SESSION_IDLE_DAYS * 86400,
      maxSeconds: e.SESSION_MAX_DAYS * 86400,
    },
    login: {
      maxAttempts: e.LOGIN_MAX_ATTEMPTS,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      clientMaxAttempts: e.LOGIN_CLIENT_MAX_ATTEMPTS,
      clientWindowMinutes: e.LOGIN_CLIENT_WINDOW_MINUTES,
      administratorTwoFactor: e.ADMIN_TWO_FACTOR,
    },
    realtime: {
      retentionDays: e.REALTIME_RETENTION_DAYS,
      sessionCheckMs: e.REALTIME_SESSION_CHECK_MS,
      ably: e.ABLY_API_KEY ? { apiKey: e.ABLY_API_KEY, restHost: e.ABLY_REST_HOST, port: e.ABLY_REST_PORT, tls: e.ABLY_TLS } : undefined,
      pusher: e.PUSHER_APP_KEY && e.PUSHER_APP_SECRET ? { key: e.PUSHER_APP_KEY, secret: e.PUSHER_APP_SECRET } : undefined,
    },
    jobs: { enabled: e.JOBS_ENABLED, catchUpDelayMs: e.JOBS_CATCH_UP_DELAY_MS, startDelayMs: e.JOBS_START_DELAY_MS },
    files:
      e.FILE_STORAGE === 's3' && e.S3_BUCKET
        ? {
            driver: 's3',
            s3: {
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              prefix: e.S3_PREFIX,
            },
          }
        : { driver: 'local' },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? (e.PUBLIC_ORIGIN?.startsWith('https://') ? e.PUBLIC_ORIGIN : `mailto:${e.SUPPORT_TEAM_EMAIL}`),
    },
    signUp: { open: e.SIGN_UP === 'open' },
    appStores: { ios: e.APP_STORE_URL ?? null, android: e.PLAY_STORE_URL ?? null },
    backups: {
      enabled: e.BACKUP_ENABLED === undefined ? e.DATABASE_URL === undefined : e.BACKUP_ENABLED === '1' || e.BACKUP_ENABLED === 'true',
      dir: path.join(dataDir, 'backups'),
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepWeekly: e.BACKUP_KEEP_WEEKLY,
    },
    version,
  };
}
