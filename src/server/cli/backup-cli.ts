// `npm run backup [-- FILE.tar.gz | FOLDER]`: writes one archive of the configured database and
// its files (default: DATA_DIR/backups/stafflane-backup-<time>.tar.gz), beside a running
// server or not. Exits 1 with one line saying what went wrong.
import path from 'node:path';
import { createBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import { backupFileName } from '../backup/backup-retention';
import { ConfigError, loadConfig } from '../config';
import { packageVersion } from '../server';

const usage = 'Usage: npm run backup [-- FILE.tar.gz | FOLDER]';

async function main(args: string[]): Promise<void> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new Error(usage);
  const config = loadConfig(process.env, packageVersion());
  const target = args[0] ? path.resolve(args[0]) : config.backups.dir;
  const file = target.endsWith('.tar.gz') ? target : path.join(target, backupFileName(new Date()));
  const log = { info: (line: string) => console.error(line), warn: (line: string) => console.error(`Warning: ${line}`) };
  const summary = await withOwnerDatabase({ config, purpose: 'backup', log }, (ownerUrl) => createBackup({ ownerUrl, config, file }));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Backup written to ${summary.file} (${mb(summary.bytes)}): ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files of ${mb(summary.fileBytes)}, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
