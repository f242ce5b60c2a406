// `npm run restore -- FILE [--force]`: brings a backup archive back into the configured
// database (DATABASE_URL, or the embedded one of DATA_DIR, which may be a new folder) and file
// storage. An archive whose checksums do not match is refused before anything is touched; a
// target that is not empty is refused unless --force, which replaces everything in it.
import path from 'node:path';
import { restoreBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import { ConfigError, loadConfig } from '../config';
import { packageVersion } from '../server';

const usage = 'Usage: npm run restore -- FILE.tar.gz [--force]';

async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new Error(usage);
  const config = loadConfig(process.env, packageVersion());
  const file = path.resolve(files[0]!);
  const log = { info: (line: string) => console.error(line), warn: (line: string) => console.error(`Warning: ${line}`) };
  const summary = await withOwnerDatabase({ config, purpose: 'restore', log }, (ownerUrl) =>
    restoreBackup({ ownerUrl, config, file, force, log }),
  );
  const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the data directory ${config.dataDir}`;
  console.log(
    `Restored the backup of ${summary.createdAt} (Stafflane ${summary.appVersion}) into ${where}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files, in ${(summary.ms / 1000).toFixed(1)} s.` +
      (summary.missingObjects.length ? ` ${summary.missingObjects.length} files the archive lists are not in the bucket.` : '') +
      ' Start the server as usual.',
  );
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
