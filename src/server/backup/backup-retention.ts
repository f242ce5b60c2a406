// Which backups in DATA_DIR/backups to keep: the newest of each of the last `daily` days that
// have one, then the newest of each of the `weekly` weeks (Monday to Sunday, UTC) before those
// — a backup the daily rule kept does not count as a week's (borg's prune rules) — so 7 + 4
// keeps a week of nights and a month of Sundays' worth, at most 11 archives.
export type BackupRetention = { daily: number; weekly: number };

export type BackupFile = { name: string; takenAt: Date };

const FILE_PATTERN = /^stafflane-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** The archive name a backup taken at `at` gets: sortable, and all the retention rule needs. */
export function backupFileName(at: Date): string {
  return `stafflane-backup-${at.toISOString().slice(0, 19).replace(/:/g, '')}Z.tar.gz`;
}

/** The backups among a folder's file names (anything else in the folder is not ours to prune). */
export function backupFilesIn(names: readonly string[]): BackupFile[] {
  return names.flatMap((name) => {
    const m = FILE_PATTERN.exec(name);
    return m ? [{ name, takenAt: new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) }] : [];
  });
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (UTC) of the week `at` falls in. */
function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - ((at.getUTCDay() + 6) % 7)));
  return dayOf(monday);
}

/** The names of the backups the rule no longer keeps, oldest first. */
export function backupsToPrune(files: readonly BackupFile[], keep: BackupRetention): string[] {
  const newestFirst = [...files].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.name.localeCompare(a.name));
  const kept = new Set<string>();
  for (const [period, count] of [
    [dayOf, keep.daily],
    [weekOf, keep.weekly],
  ] as const) {
    let last: string | undefined;
    let taken = 0;
    for (const file of newestFirst) {
      if (taken >= count) break;
      const key = period(file.takenAt);
      if (key === last) continue;
      last = key;
      if (kept.has(file.name)) continue;
      kept.add(file.name);
      taken++;
    }
  }
  return newestFirst
    .filter((file) => !kept.has(file.name))
    .map((file) => file.name)
    .reverse();
}
