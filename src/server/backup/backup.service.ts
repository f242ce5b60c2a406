// Backs a Stafflane database and its stored files up into one archive, and restores one into an
// empty database. The export is logical: one snapshot transaction through the owner connection
// COPYs every table of the public schema out, so it needs no pg_dump of the server's major
// version and restores into any PostgreSQL 15+ (docs/decisions/2026-11-27-backups.md).
// What an archive holds is in backup-manifest.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { AppError } from '../../shared/app-error';
import type { Config, S3StorageConfig } from '../config';
import { ensureOwnerSecrets } from '../db/app-login.queries';
import { createDb, createPool } from '../db/database';
import { migrate } from '../db/migrate';
import { configuredStorage } from '../files/files.plugin';
import { extractArchive, writeArchive, type ArchiveEntry } from './backup-archive';
import {
  fileEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  readManifest,
  S3_ENTRY,
  tableEntry,
  type BackupManifest,
  type S3Object,
} from './backup-manifest';
import {
  beginLoad,
  beginSnapshot,
  copyTableIn,
  copyTableOut,
  countDatabaseObjects,
  dropApplicationSchemas,
  endTransaction,
  findAppliedMigrations,
  findForcedRlsTables,
  findLoadDependencies,
  findOwnerRights,
  findSequences,
  findStorageKeys,
  findTables,
  setSequence,
  switchOffTriggers,
  switchOnTriggers,
  truncateTables,
} from './backup.queries';

export type BackupSummary = { file: string; bytes: number; tables: number; rows: number; files: number; fileBytes: number; ms: number };
export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  /** Objects an S3 archive lists that the configured bucket does not hold. */
  missingObjects: string[];
  appVersion: string;
  createdAt: string;
  migrationsApplied: string[];
  ms: number;
};

type Log = { info: (message: string) => void; warn: (message: string) => void };
const quiet: Log = { info: () => undefined, warn: () => undefined };

async function connect(ownerUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'stafflane-backup' });
  // A connection the server ends (it stops) fails the statement that used it; it must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** The bucket's objects under the prefix, with sizes and ETags (the SDK is loaded only for S3). */
async function listS3Objects(s3: S3StorageConfig): Promise<Map<string, S3Object>> {
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  });
  const objects = new Map<string, S3Object>();
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        const key = object.Key.slice(s3.prefix.length);
        objects.set(key, { key, size: object.Size ?? 0, etag: (object.ETag ?? '').replace(/"/g, '') });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return objects;
}

/**
 * Writes an archive of the database at `ownerUrl` and its files to `file`. The tables are
 * spooled beside it first (tar states each entry's size before its bytes), then the archive
 * is written and renamed into place; nothing is locked but what a reader locks.
 */
export async function createBackup(options: { ownerUrl: string; config: Config; file: string }): Promise<BackupSummary> {
  const startedAt = performance.now();
  const { config, file } = options;
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const stage = await fsp.mkdtemp(path.join(path.dirname(file), '.backup-'));
  try {
    const client = await connect(options.ownerUrl);
    let manifest: BackupManifest;
    let keys: string[];
    try {
      const rights = await findOwnerRights(client);
      await beginSnapshot(client);
      try {
        const applied = await findAppliedMigrations(client);
        if (!applied.length)
          throw new AppError('conflict', { message: 'This database has no Stafflane tables yet: there is nothing to back up.' });
        const tables: BackupManifest['tables'] = [];
        await fsp.mkdir(path.join(stage, 'database'));
        for (const table of await findTables(client)) {
          const out = copyTableOut(client, table);
          await pipeline(out, fs.createWriteStream(path.join(stage, tableEntry(table.name)), { mode: 0o600 }));
          tables.push({ ...table, rows: out.rowCount });
        }
        keys = await findStorageKeys(client);
        manifest = {
          format: FORMAT,
          formatVersion: FORMAT_VERSION,
          appVersion: config.version,
          createdAt: new Date().toISOString(),
          postgresVersion: rights.serverVersion,
          migrations: applied,
          tables,
          sequences: await findSequences(client),
          files: { storage: config.files.driver, count: 0, bytes: 0, missing: [] },
        };
        await endTransaction(client, 'COMMIT');
      } catch (error) {
        await endTransaction(client, 'ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await client.end();
    }

    const entries: ArchiveEntry[] = [];
    const spooled = async (name: string) => {
      const full = path.join(stage, name);
      return { name, size: (await fsp.stat(full)).size, open: () => fs.createReadStream(full) };
    };
    for (const table of manifest.tables) entries.push(await spooled(tableEntry(table.name)));
    if (config.files.driver === 's3') {
      const { s3 } = config.files;
      const inBucket = await listS3Objects(s3);
      const objects = keys.flatMap((key) => inBucket.get(key) ?? []);
      manifest.files.missing = keys.filter((key) => !inBucket.has(key));
      manifest.files.bucket = { bucket: s3.bucket, prefix: s3.prefix, endpoint: s3.endpoint ?? null };
      manifest.files.count = objects.length;
      manifest.files.bytes = objects.reduce((sum, object) => sum + object.size, 0);
      await fsp.writeFile(path.join(stage, S3_ENTRY), JSON.stringify(objects, null, 1));
      entries.push(await spooled(S3_ENTRY));
    } else {
      const storage = await configuredStorage(config);
      for (const key of keys) {
        const stat = await storage.stat(key);
        if (!stat) {
          manifest.files.missing.push(key);
          continue;
        }
        manifest.files.count++;
        manifest.files.bytes += stat.sizeBytes;
        entries.push({ name: fileEntry(key), size: stat.sizeBytes, open: () => storage.open(key) });
      }
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    await fsp.writeFile(path.join(stage, MANIFEST_ENTRY), manifestBytes);
    const { bytes } = await writeArchive(file, [await spooled(MANIFEST_ENTRY), ...entries]);
    return {
      file,
      bytes,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.count,
      fileBytes: manifest.files.bytes,
      ms: Math.round(performance.now() - startedAt),
    };
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
  }
}

/** Tables in an order where every row's non-deferrable foreign keys point at tables already loaded. */
function loadOrder(tables: readonly string[], dependencies: readonly [string, string][]): string[] {
  const wanted = new Set(tables);
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const [child, parent] of dependencies) if (wanted.has(child) && wanted.has(parent)) parents.get(child)!.add(parent);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((table) => !done.has(table) && [...parents.get(table)!].every((parent) => done.has(parent)));
    if (!ready.length)
      throw new AppError('conflict', {
        message:
          'These tables refer to each other without deferrable keys: restore as a superuser (the database owner of an embedded or managed PostgreSQL usually is).',
      });
    for (const table of ready) {
      done.add(table);
      order.push(table);
    }
  }
  return order;
}

/** Whether local storage already holds files (the folder of writes in progress aside). */
function localFilesPresent(config: Config): boolean {
  const root = path.join(config.dataDir, 'files');
  return fs.existsSync(root) && fs.readdirSync(root).some((name) => name !== '.incoming');
}

/**
 * Restores the archive `file` into the database at `ownerUrl`, which must be empty (no table,
 * no job schema) unless `force` — then everything in it is dropped first — and its files into
 * the configured storage. The database is first migrated to the archive's migrations, loaded
 * in one transaction, then migrated to this version's; the application login is made at the
 * next start, as for any new database.
 */
export async function restoreBackup(options: {
  ownerUrl: string;
  config: Config;
  file: string;
  force: boolean;
  log?: Log;
}): Promise<RestoreSummary> {
  const startedAt = performance.now();
  const { config, force } = options;
  const log = options.log ?? quiet;
  if (!fs.existsSync(options.file)) throw new AppError('notFound', { message: `There is no backup archive at ${options.file}.` });
  await fsp.mkdir(config.dataDir, { recursive: true });
  const stage = path.join(config.dataDir, `.restore-${randomUUID()}`);
  await fsp.mkdir(stage, { mode: 0o700 });
  try {
    const client = await connect(options.ownerUrl);
    const ownerDb = createDb(createPool(options.ownerUrl, { max: 1 }));
    try {
      const present = await countDatabaseObjects(client);
      const filesPresent = config.files.driver === 'local' && localFilesPresent(config);
      if ((present.relations > 0 || present.jobSchema || filesPresent) && !force) {
        const what = [
          present.relations > 0 && `a database with ${present.tables} tables`,
          present.jobSchema && 'job queues',
          filesPresent && 'stored files',
        ]
          .filter(Boolean)
          .join(', ');
        throw new AppError('conflict', {
          message: `The target is not empty (it holds ${what}). A restore replaces everything in it: run it again with --force to do that.`,
        });
      }
      // The archive is checked whole before anything in the target changes.
      log.info(`Checking ${options.file}`);
      const entries = new Set(await extractArchive(options.file, stage));
      if (!entries.has(MANIFEST_ENTRY))
        throw new AppError('badRequest', { message: 'The archive has no manifest: it is not a Stafflane backup.' });
      const manifest = readManifest(await fsp.readFile(path.join(stage, MANIFEST_ENTRY), 'utf8'));
      for (const table of manifest.tables)
        if (!entries.has(tableEntry(table.name)))
          throw new AppError('badRequest', { message: `The archive lacks the rows of ${table.name}.` });

      if (present.relations > 0 || present.jobSchema) {
        log.warn('--force: dropping everything in the target database');
        await dropApplicationSchemas(client);
      }
      if (filesPresent) {
        log.warn('--force: removing the stored files in the data directory');
        await fsp.rm(path.join(config.dataDir, 'files'), { recursive: true, force: true });
      }

      log.info(`Creating the tables of ${manifest.appVersion} (${manifest.migrations.length} migrations)`);
      await migrate(ownerDb, { upTo: manifest.migrations.at(-1)! });
      await ensureOwnerSecrets(ownerDb);

      const targetTables = new Map((await findTables(client)).map((table) => [table.name, table.columns]));
      for (const table of manifest.tables) {
        const columns = targetTables.get(table.name);
        if (!columns || [...columns].sort().join() !== [...table.columns].sort().join())
          throw new AppError('conflict', {
            message: `The table ${table.name} in the archive does not match the one its migrations make here: the archive was not written by Stafflane ${manifest.appVersion} as it says.`,
          });
      }

      const rights = await findOwnerRights(client);
      const superuser = rights.superuser;
      const names = manifest.tables.map((table) => table.name);
      const order = superuser ? names : loadOrder(names, await findLoadDependencies(client));
      const switches = { superuser, tables: names, forcedRls: superuser ? [] : await findForcedRlsTables(client) };
      log.info(`Loading ${names.length} tables`);
      await beginLoad(client);
      try {
        await switchOffTriggers(client, switches);
        await truncateTables(client, names);
        for (const name of order) {
          const table = manifest.tables.find((candidate) => candidate.name === name)!;
          const copy = copyTableIn(client, table);
          await pipeline(fs.createReadStream(path.join(stage, tableEntry(name))), copy);
          if (copy.rowCount !== table.rows)
            throw new AppError('badRequest', {
              message: `The archive's ${name} holds ${copy.rowCount} rows, not the ${table.rows} its manifest lists.`,
            });
        }
        for (const sequence of manifest.sequences) await setSequence(client, sequence);
        await switchOnTriggers(client, switches);
        await endTransaction(client, 'COMMIT');
      } catch (error) {
        await endTransaction(client, 'ROLLBACK').catch(() => undefined);
        throw error;
      }

      const missingObjects: string[] = [];
      let files = 0;
      const storage = await configuredStorage(config);
      if (manifest.files.storage === 'local') {
        log.info(`Restoring ${manifest.files.count} files into ${config.files.driver === 's3' ? 'the S3 bucket' : 'the data directory'}`);
        for (const entry of entries) {
          if (!entry.startsWith('files/')) continue;
          await storage.put({
            key: entry.slice('files/'.length),
            source: fs.createReadStream(path.join(stage, entry)),
            maxBytes: Number.MAX_SAFE_INTEGER,
          });
          files++;
        }
      } else if (config.files.driver === 's3') {
        const objects = JSON.parse(await fsp.readFile(path.join(stage, S3_ENTRY), 'utf8')) as S3Object[];
        const inBucket = await listS3Objects(config.files.s3);
        for (const object of objects) {
          if (inBucket.get(object.key)?.size === object.size) files++;
          else missingObjects.push(object.key);
        }
        if (missingObjects.length)
          log.warn(`${missingObjects.length} of the archive's ${objects.length} files are not in the bucket ${config.files.s3.bucket}`);
      } else {
        log.warn(
          `The files of this backup stay in the S3 bucket ${manifest.files.bucket?.bucket ?? ''}: set FILE_STORAGE=s3 and the S3_ settings to use them.`,
        );
      }
      if ('close' in storage && typeof storage.close === 'function') (storage as { close: () => void }).close();

      const migrationsApplied = await migrate(ownerDb);
      if (migrationsApplied.length) log.info(`Brought the database up to this version: ${migrationsApplied.join(', ')}`);
      return {
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        files,
        missingObjects,
        appVersion: manifest.appVersion,
        createdAt: manifest.createdAt,
        migrationsApplied,
        ms: Math.round(performance.now() - startedAt),
      };
    } finally {
      await ownerDb.destroy();
      await client.end();
    }
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
  }
}
