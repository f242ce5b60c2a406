// What a Stafflane backup archive holds and how it is named: manifest.json (the version, the
// migrations applied, each table's columns and row count, the sequences, the files),
// database/<table>.copy (COPY's text format), files/<storage key> (local storage) or
// s3-objects.json (the bucket's keys, sizes and ETags), and SHA256SUMS. A manifest is read only
// if this version can restore it.
import { AppError } from '../../shared/app-error';
import { migrations } from '../db/migrations/index';
import type { SequenceValue, TableColumns } from './backup.queries';

export const MANIFEST_ENTRY = 'manifest.json';
export const S3_ENTRY = 's3-objects.json';
export const FORMAT = 'stafflane-backup';
export const FORMAT_VERSION = 1;

export type S3Object = { key: string; size: number; etag: string };

export type BackupManifest = {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  postgresVersion: string;
  migrations: string[];
  tables: (TableColumns & { rows: number })[];
  sequences: SequenceValue[];
  files: {
    storage: 'local' | 's3';
    count: number;
    bytes: number;
    /** Keys the database names whose bytes storage no longer had when the archive was written. */
    missing: string[];
    bucket?: { bucket: string; prefix: string; endpoint: string | null };
  };
};

export const tableEntry = (table: string) => `database/${table}.copy`;
export const fileEntry = (key: string) => `files/${key}`;

/** The manifest of an archive, refused if it is not a Stafflane backup or this version cannot restore it. */
export function readManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch (error) {
    throw new AppError('badRequest', {
      message: 'The backup archive has no readable manifest: it is not a Stafflane backup.',
      cause: error,
    });
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.migrations) || !Array.isArray(manifest.tables))
    throw new AppError('badRequest', { message: 'The archive is not a Stafflane backup.' });
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new AppError('conflict', {
      message: `The backup was written by a newer Stafflane (${manifest.appVersion}): restore it with that version or later.`,
    });
  const unknown = manifest.migrations.filter((name) => !(name in migrations));
  if (unknown.length || !manifest.migrations.length)
    throw new AppError('conflict', {
      message: `The backup was made by a newer Stafflane (${manifest.appVersion}) whose database has migrations this version does not know (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}). Upgrade this installation, then restore.`,
    });
  return manifest;
}
