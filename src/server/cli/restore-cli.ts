// `npm run restore -- FILE [--force]`: brings a backup archive back into the configured
// database (DATABASE_URL, or the embedded one of DATA_DIR, which may be a new folder) and file
// storage. An archive whose checksums do not match is refused before anything is touched; a
// target that is not empty is refused unless --force, which replaces everything in it.
import path from 'node:path';
import { restoreBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import type { Config } from '../config';
import { commandLog, runOperatorCommand } from './operator-command';

const usage = 'Usage: npm run restore -- FILE.tar.gz [--force]';

async function main(args: string[], loadSettings: () => Config): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new Error(usage);
  const settings = loadSettings();
  const file = path.resolve(files[0]!);
  const summary = await withOwnerDatabase({ config: settings, purpose: 'restore', log: commandLog }, (ownerUrl) =>
    restoreBackup({ ownerUrl, config: settings, file, force, log: commandLog }),
  );
  const where = settings.databaseUrl ? 'the database of DATABASE_URL' : `the data directory ${settings.dataDir}`;
  console.log(
    `Restored the backup of ${summary.createdAt} (Stafflane ${summary.appVersion}) into ${where}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files, in ${(summary.ms / 1000).toFixed(1)} s.` +
      (summary.missingObjects.length ? ` ${summary.missingObjects.length} files the archive lists are not in the bucket.` : '') +
      ' Start the server as usual.',
  );
}

runOperatorCommand('restore', (settings) => main(process.argv.slice(2), settings));
