// `npm run backup [-- FILE.tar.gz | FOLDER]`: writes one archive of the configured database and
// its files (default: DATA_DIR/backups/stafflane-backup-<time>.tar.gz), beside a running
// server or not. Exits 1 with one line saying what went wrong.
import path from 'node:path';
import { createBackup } from '../backup/backup.service';
import { withOwnerDatabase } from '../backup/backup-database';
import { backupFileName } from '../backup/backup-retention';
import type { Config } from '../config';
import { commandLog, runOperatorCommand } from './operator-command';

const usage = 'Usage: npm run backup [-- FILE.tar.gz | FOLDER]';

async function main(args: string[], loadSettings: () => Config): Promise<void> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new Error(usage);
  const settings = loadSettings();
  const target = args[0] ? path.resolve(args[0]) : settings.backups.dir;
  const file = target.endsWith('.tar.gz') ? target : path.join(target, backupFileName(new Date()));
  const summary = await withOwnerDatabase({ config: settings, purpose: 'backup', log: commandLog }, (ownerUrl) =>
    createBackup({ ownerUrl, config: settings, file }),
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Backup written to ${summary.file} (${mb(summary.bytes)}): ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files of ${mb(summary.fileBytes)}, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
}

runOperatorCommand('backup', (settings) => main(process.argv.slice(2), settings));
