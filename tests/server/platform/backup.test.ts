// Backups: an archive of a company with people and files restores into a fresh data directory
// (the embedded PostgreSQL) with every table's rows and every file's bytes as they were, and a
// server on the restored data signs people in and serves their files; an external database that
// is not empty is refused without --force and replaced with it; an archive whose bytes changed,
// or that a newer version wrote, is refused before anything is touched; with S3 storage the archive lists the bucket's
// objects; the nightly job writes into DATA_DIR/backups and prunes it (7 days and 4 weeks).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, createAppDeps } from '../../../src/app/server/app';
import { extractArchive, writeArchive } from '../../../src/server/backup/backup-archive';
import { withOwnerDatabase } from '../../../src/server/backup/backup-database';
import { backupFileName, backupFilesIn, backupsToPrune } from '../../../src/server/backup/backup-retention';
import { findSequences, findTables, tableFingerprint } from '../../../src/server/backup/backup.queries';
import type { BackupManifest, S3Object } from '../../../src/server/backup/backup-manifest';
import { createBackup, restoreBackup } from '../../../src/server/backup/backup.service';
import type { Config } from '../../../src/server/config';
import { collectJobs } from '../../../src/server/jobs/job-list';
import { openDatabase, withDatabaseName } from '../../../src/server/db/open';
import { demoSeeding } from '../../../src/app/server/seed';
import { S3Storage } from '../../../src/server/files/s3-storage';
import { FIXTURE_PASSWORD } from '../../support/identity-fixtures';
import { addPerson, addShellCompany, type Person } from '../../support/shell-fixtures';
import { createTestApp, testConfig, type TestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-db';
import { startS3Server } from '../../support/s3-server';
import { multipartBody, pngImage } from '../../support/upload-fixtures';

let t: TestApp;
let work: string;
let archive: string;
let employee: Person;
const cleanUp: string[] = [];
let source: Map<string, { rows: number; md5: string }>;
const images = new Map<string, Buffer>();

async function fingerprints(ownerUrl: string): Promise<Map<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const result = new Map<string, { rows: number; md5: string }>();
    for (const table of await findTables(client)) result.set(table.name, await tableFingerprint(client, table));
    // Sequences go on from where they were (realtime replay is by event id).
    for (const sequence of await findSequences(client))
      result.set(`sequence ${sequence.name}`, { rows: 0, md5: String(sequence.lastValue) });
    return result;
  } finally {
    await client.end();
  }
}

/** Every stored file of a data directory, by storage key. */
function storedFiles(dataDir: string): Map<string, Buffer> {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return new Map();
  return new Map(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('.incoming'))
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full)];
      }),
  );
}

async function freshDatabase(): Promise<string> {
  const { serverUrl, prefix } = inject('testDb');
  const name = `${prefix}_restore_${Math.random().toString(16).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await client.end();
  return withDatabaseName(serverUrl, name);
}

async function dropDatabase(url: string): Promise<void> {
  const { serverUrl } = inject('testDb');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} WITH (FORCE)`);
  await client.end();
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-backup-'));
  const sourceDir = path.join(work, 'source');
  t = await createTestApp({ realAuth: true, env: { DATA_DIR: sourceDir, RATE_LIMIT_MAX: '100000' } });
  // Two companies: the export runs as the owner, so row-level security hides neither.
  const company = await addShellCompany(t);
  const owner = await addPerson(t, company, { role: 'Owner', department: 'Office' });
  employee = await addPerson(t, company, { role: 'Employee', department: 'Operations' });
  const other = await addPerson(t, await addShellCompany(t), { role: 'Owner', department: 'Office' });
  for (const [person, size] of [
    [owner, 12],
    [employee, 40],
    [other, 7],
  ] as const) {
    const data = pngImage(size, size);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'me.png', data, contentType: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user-profile-image/${person.id}`,
      payload,
      headers: { ...headers, ...person.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    images.set(person.id, data);
  }
  // Nothing writes to the source once the app is closed: what the archive holds is what the tables hold.
  await t.app.close();
  archive = path.join(work, 'backups', backupFileName(new Date()));
  const summary = await createBackup({ ownerUrl: t.database.ownerUrl, config: t.config, file: archive });
  expect(summary).toMatchObject({ files: 3 });
  expect(summary.rows).toBeGreaterThan(100);
  source = await fingerprints(t.database.ownerUrl);
});

afterAll(async () => {
  await t?.database.drop();
  for (const dir of [work, ...cleanUp]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// A restore runs every migration and the first test starts PostgreSQL twice: seconds each on a
// quiet machine, more on a busy one.
describe('a backup', () => {
  it('restores into a fresh data directory with every row and file, and a server on it signs in and serves the files', async () => {
    // Its own folder under the system's temporary one: the database's OS user must be able to reach it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stafflane-restored-'));
    cleanUp.push(dataDir);
    const config: Config = testConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    const restored = await withOwnerDatabase(
      { config, purpose: 'restore', log: { info: () => undefined, warn: () => undefined } },
      async (ownerUrl) => {
        const summary = await restoreBackup({ ownerUrl, config, file: archive, force: false });
        expect(summary).toMatchObject({ files: 3, migrationsApplied: [] });
        return fingerprints(ownerUrl);
      },
    );
    expect([...restored.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [table, print] of source) expect({ table, ...restored.get(table) }).toEqual({ table, ...print });
    const sourceFiles = storedFiles(t.config.dataDir);
    const restoredFiles = storedFiles(dataDir);
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, bytes] of sourceFiles) expect(restoredFiles.get(key)?.equals(bytes), key).toBe(true);

    // The server's own start on the restored folder: its cluster, the application login, the signing key, the files.
    const logger = pino({ level: 'silent' });
    const database = await openDatabase(config, logger, { demo: demoSeeding });
    try {
      const app = await buildApp(createAppDeps({ config, db: database.db, logger }));
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: employee.email, password: FIXTURE_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = login.json<{ auth_token: string }>().auth_token;
        const image = await app.inject({
          method: 'GET',
          url: `/api/user-profile-image/${employee.id}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(images.get(employee.id)!)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);

  it('refuses an external database that is not empty, and replaces everything in it with --force', async () => {
    // A database of this run's migrated template, with a file in its data directory.
    const target = await createTestDatabase();
    const dataDir = path.join(work, 'external');
    fs.mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'ab', 'left-over'), 'old');
    const config = testConfig({ DATABASE_URL: target.ownerUrl, DATA_DIR: dataDir });
    try {
      const before = await fingerprints(target.ownerUrl);
      await expect(restoreBackup({ ownerUrl: target.ownerUrl, config, file: archive, force: false })).rejects.toThrow(
        /not empty \(it holds a database with \d+ tables, stored files\).*--force/,
      );
      expect(await fingerprints(target.ownerUrl)).toEqual(before);
      expect(storedFiles(dataDir).size).toBe(1);

      const summary = await restoreBackup({ ownerUrl: target.ownerUrl, config, file: archive, force: true });
      expect(summary.files).toBe(3);
      const after = await fingerprints(target.ownerUrl);
      for (const [table, print] of source) expect({ table, ...after.get(table) }).toEqual({ table, ...print });
      expect([...storedFiles(dataDir).keys()].sort()).toEqual([...storedFiles(t.config.dataDir).keys()].sort());
    } finally {
      await target.drop();
    }
  }, 90_000);

  it('is refused when a byte of it changed, or when a newer version wrote it, before the target is touched', async () => {
    // Unpacked, one row edited, packed again with tar: a well-formed archive whose checksum no longer matches.
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    const names = await extractArchive(archive, unpacked);
    expect(execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unpacked }).toString()).toBe('');
    const users = path.join(unpacked, 'database', 'users.copy');
    fs.writeFileSync(users, fs.readFileSync(users, 'utf8').replace(employee.email, employee.email.replace(/^./, 'x')));
    const corrupt = path.join(work, 'corrupt.tar.gz');
    execFileSync('tar', ['--format=ustar', '--no-recursion', '-czf', corrupt, '-C', unpacked, ...names, 'SHA256SUMS']);

    const url = await freshDatabase();
    try {
      const config = testConfig({ DATABASE_URL: url, DATA_DIR: path.join(work, 'corrupt-target') });
      await expect(restoreBackup({ ownerUrl: url, config, file: corrupt, force: true })).rejects.toThrow(
        /damaged .*the checksum of database\/users\.copy does not match.*Nothing was restored/,
      );
      // A cut-short archive is refused the same way.
      const cut = path.join(work, 'cut.tar.gz');
      fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, 2000));
      await expect(restoreBackup({ ownerUrl: url, config, file: cut, force: true })).rejects.toThrow(/damaged/);
      // A sound archive from a newer version (a migration this code does not know) is refused too.
      fs.writeFileSync(users, fs.readFileSync(users, 'utf8').replace(employee.email.replace(/^./, 'x'), employee.email));
      const manifestPath = path.join(unpacked, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
      fs.writeFileSync(
        manifestPath,
        JSON.stringify({ ...manifest, appVersion: '9.0.0', migrations: [...manifest.migrations, '0999_future'] }),
      );
      const newer = path.join(work, 'newer.tar.gz');
      await writeArchive(
        newer,
        names.map((name) => {
          const full = path.join(unpacked, ...name.split('/'));
          return { name, size: fs.statSync(full).size, open: () => fs.createReadStream(full) };
        }),
      );
      await expect(restoreBackup({ ownerUrl: url, config, file: newer, force: false })).rejects.toThrow(
        /newer Stafflane \(9\.0\.0\).*0999_future.*Upgrade this installation/,
      );
      expect((await fingerprints(url)).size).toBe(0);
    } finally {
      await dropDatabase(url);
    }
  });
});

describe('a backup with FILE_STORAGE=s3', () => {
  it('lists the bucket’s objects with their sizes and ETags instead of copying them, and names a missing one', async () => {
    const s3 = await startS3Server();
    try {
      const config = testConfig({ DATA_DIR: path.join(work, 's3'), ...s3.env, S3_PREFIX: 'tenant-a/' });
      if (config.files.driver !== 's3') throw new Error('expected S3 storage');
      const storage = new S3Storage(config.files.s3);
      const keys = [...storedFiles(t.config.dataDir).entries()];
      // All but the last file are in the bucket.
      for (const [key, bytes] of keys.slice(0, -1)) await storage.put({ key, source: Readable.from([bytes]), maxBytes: 1 << 20 });
      storage.close();
      const file = path.join(work, 's3-backup.tar.gz');
      const summary = await createBackup({ ownerUrl: t.database.ownerUrl, config, file });
      expect(summary.files).toBe(keys.length - 1);
      const unpacked = path.join(work, 's3-unpacked');
      fs.mkdirSync(unpacked);
      const names = await extractArchive(file, unpacked);
      expect(names.filter((name) => name.startsWith('files/'))).toEqual([]);
      const objects = JSON.parse(fs.readFileSync(path.join(unpacked, 's3-objects.json'), 'utf8')) as S3Object[];
      expect(objects.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
        keys
          .slice(0, -1)
          .map(([key, bytes]) => ({ key, size: bytes.length, etag: createHash('md5').update(bytes).digest('hex') }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      );
      const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest;
      expect(manifest.files).toMatchObject({
        storage: 's3',
        missing: [keys.at(-1)![0]],
        bucket: { bucket: s3.bucket, prefix: 'tenant-a/' },
      });
    } finally {
      await s3.close();
    }
  });
});

describe('the nightly backup', () => {
  it('is a scheduled platform job that writes an archive into DATA_DIR/backups and prunes the old ones', async () => {
    const job = collectJobs([]).find((candidate) => candidate.name === 'platform-nightly-backup')!;
    expect(job.schedule).toEqual({ cron: '30 2 * * *', timeZone: 'Europe/London' });
    const config = testConfig({ DATA_DIR: t.config.dataDir, BACKUP_KEEP_DAILY: '2', BACKUP_KEEP_WEEKLY: '1' });
    expect(config.backups).toMatchObject({ enabled: true, dir: path.join(t.config.dataDir, 'backups'), keepDaily: 2, keepWeekly: 1 });
    fs.mkdirSync(config.backups.dir, { recursive: true });
    const older = ['2026-10-01T02:30:00Z', '2026-10-02T02:30:00Z', '2026-10-20T02:30:00Z'].map((iso) => backupFileName(new Date(iso)));
    for (const name of [...older, 'notes.txt', `${older[0]}.partial`]) fs.writeFileSync(path.join(config.backups.dir, name), 'old');
    fs.mkdirSync(path.join(config.backups.dir, '.backup-killed'));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const name of [`${older[0]}.partial`, '.backup-killed'])
      fs.utimesSync(path.join(config.backups.dir, name), twoDaysAgo, twoDaysAgo);
    const logger = pino({ level: 'silent' });
    await job.handler({ db: t.database.db, logger, config, wakeMail: () => undefined, jobId: 'test', ownerUrl: t.database.ownerUrl });
    const left = fs.readdirSync(config.backups.dir);
    const written = left.filter((name) => !older.includes(name) && name !== 'notes.txt');
    expect(written).toEqual([expect.stringMatching(/^stafflane-backup-[\dT-]+Z\.tar\.gz$/)]);
    expect(fs.statSync(path.join(config.backups.dir, written[0]!)).size).toBeGreaterThan(10_000);
    // Today's and 20 October's (the two newest days), 2 October's (the week before theirs), and what is not a
    // backup; the leftovers of a backup killed two days ago are gone.
    expect(left.filter((name) => name !== written[0]).sort()).toEqual([older[1], older[2], 'notes.txt'].sort());
  });
});

describe('the retention rule', () => {
  const at = (iso: string) => new Date(iso);
  const nightly = (days: number, from = '2026-11-27T02:30:00Z') =>
    Array.from({ length: days }, (_, i) => {
      const takenAt = new Date(at(from).getTime() - i * 86_400_000);
      return { name: backupFileName(takenAt), takenAt };
    });

  it('keeps the newest of each of the last 7 days, then the newest of each of the 4 weeks before them', () => {
    const files = nightly(60); // Friday 27 November back to 29 September
    const pruned = new Set(backupsToPrune(files, { daily: 7, weekly: 4 }));
    const kept = files.filter((file) => !pruned.has(file.name)).map((file) => file.takenAt.toISOString().slice(0, 10));
    // 21–27 November daily; then the Sundays of the four weeks before: 15, 8 and 1 November, 25 October.
    expect(kept).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-15',
      '2026-11-08',
      '2026-11-01',
      '2026-10-25',
    ]);
    expect(pruned.size).toBe(49);
  });

  it('keeps one per day when a day has several, and nothing is pruned while there are fewer', () => {
    const files = [
      ...nightly(3),
      { name: backupFileName(at('2026-11-27T14:00:00Z')), takenAt: at('2026-11-27T14:00:00Z') },
      { name: backupFileName(at('2026-11-27T09:00:00Z')), takenAt: at('2026-11-27T09:00:00Z') },
    ];
    expect(backupsToPrune(files, { daily: 7, weekly: 4 })).toEqual([
      backupFileName(at('2026-11-27T02:30:00Z')),
      backupFileName(at('2026-11-27T09:00:00Z')),
    ]);
    expect(backupsToPrune(nightly(5), { daily: 7, weekly: 4 })).toEqual([]);
  });

  it('reads only its own archives among a folder’s files', () => {
    const name = backupFileName(at('2026-11-27T02:30:05Z'));
    expect(name).toBe('stafflane-backup-2026-11-27T023005Z.tar.gz');
    expect(backupFilesIn([name, 'notes.txt', `${name}.partial`, '.backup-x1'])).toEqual([{ name, takenAt: at('2026-11-27T02:30:05Z') }]);
  });
});
