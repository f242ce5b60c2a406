// `npm run restore -- FILE [--force]`: brings a backup archive back into the configured
// database (DATABASE_URL, or the embedded one of DATA_DIR, which may be a new folder) and file
// storage. An archive whose checksums do not match is refused before anything is touched; a
// target that is not empty is refused unless --force, which replaces everything in it.
import path from 'node:path';
import { restoreBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import { AppError } from '../../shared/app-error';
import { ConfigError, loadConfig, type Config } from '../config';
import { packageVersion } from '../server';
import { describeStartupFailure, redactSecrets, secretsOf } from '../startup-error';

const usage = 'Usage: npm run restore -- FILE.tar.gz [--force]';

let config: Config | undefined;

async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new Error(usage);
  const settings = (config = loadConfig(process.env, packageVersion()));
  const file = path.resolve(files[0]!);
  const log = { info: (line: string) => console.error(line), warn: (line: string) => console.error(`Warning: ${line}`) };
  const summary = await withOwnerDatabase({ config: settings, purpose: 'restore', log }, (ownerUrl) =>
    restoreBackup({ ownerUrl, config: settings, file, force, log }),
  );
  const where = settings.databaseUrl ? 'the database of DATABASE_URL' : `the data directory ${settings.dataDir}`;
  console.log(
    `Restored the backup of ${summary.createdAt} (Stafflane ${summary.appVersion}) into ${where}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files, in ${(summary.ms / 1000).toFixed(1)} s.` +
      (summary.missingObjects.length ? ` ${summary.missingObjects.length} files the archive lists are not in the bucket.` : '') +
      ' Start the server as usual.',
  );
}

/** One line: a refusal as it was said, anything else as start-up failures are, with no secret of the configuration in it. */
function failureLine(error: unknown): string {
  if (error instanceof ConfigError || error instanceof AppError || !config) return error instanceof Error ? error.message : String(error);
  return redactSecrets(describeStartupFailure(error, config).replace(/^Stafflane could not start: /, ''), secretsOf(config));
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Stafflane restore: ${failureLine(error)}`);
    process.exit(1);
  },
);
