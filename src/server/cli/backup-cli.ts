// `npm run backup [-- FILE.tar.gz | FOLDER]`: writes one archive of the configured database and
// its files (default: DATA_DIR/backups/stafflane-backup-<time>.tar.gz), beside a running
// server or not. Exits 1 with one line saying what went wrong.
import path from 'node:path';
import { createBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import { backupFileName } from '../backup/backup-retention';
import { AppError } from '../../shared/app-error';
import { ConfigError, loadConfig, type Config } from '../config';
import { packageVersion } from '../server';
import { describeStartupFailure, redactSecrets, secretsOf } from '../startup-error';

const usage = 'Usage: npm run backup [-- FILE.tar.gz | FOLDER]';

let config: Config | undefined;

async function main(args: string[]): Promise<void> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new Error(usage);
  const settings = (config = loadConfig(process.env, packageVersion()));
  const target = args[0] ? path.resolve(args[0]) : settings.backups.dir;
  const file = target.endsWith('.tar.gz') ? target : path.join(target, backupFileName(new Date()));
  const log = { info: (line: string) => console.error(line), warn: (line: string) => console.error(`Warning: ${line}`) };
  const summary = await withOwnerDatabase({ config: settings, purpose: 'backup', log }, (ownerUrl) =>
    createBackup({ ownerUrl, config: settings, file }),
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Backup written to ${summary.file} (${mb(summary.bytes)}): ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files of ${mb(summary.fileBytes)}, in ${(summary.ms / 1000).toFixed(1)} s.`,
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
    console.error(`Stafflane backup: ${failureLine(error)}`);
    process.exit(1);
  },
);
