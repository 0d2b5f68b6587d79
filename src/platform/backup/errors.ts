/** An expected failure of a backup or restore: its message is the whole story for the operator. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'not_found'
      | 'exists'
      | 'not_a_backup'
      | 'damaged'
      | 'newer'
      | 'not_empty'
      | 'migrated_past'
      | 'files_exist'
      | 'schema_mismatch'
      | 'database',
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const list = (names: string[], max = 5) =>
  names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');

export const backupMessages = {
  outputExists: (file: string) => `${file} already exists; give another path or move it away.`,
  noDatabase: (name: string) => `The database ${name} does not exist: there is nothing to back up.`,
  notMigrated: (name: string) =>
    `The database ${name} has no Wildframe tables (it was never migrated): there is nothing to back up.`,
  cannotConnect: (where: string, reason: string) => `Cannot reach Postgres at ${where}: ${reason}`,
  archiveMissing: (file: string) => `There is no backup file at ${file}.`,
  notABackup: (file: string, reason: string) =>
    `${file} is not a Wildframe backup, or it is damaged (${reason}).`,
  damaged: (file: string, reason: string) =>
    `${file} is damaged (${reason}). Nothing was restored: the database holds no data and you can restore another backup into it.`,
  newerFormat: (version: number) =>
    `This backup was written in format ${version}, newer than this version of Wildframe reads. Update Wildframe, then restore.`,
  newerMigrations: (names: string[]) =>
    `This backup was made by a newer version of Wildframe: its database has migrations this version does not know (${list(names)}). Update Wildframe, then restore.`,
  notEmpty: (name: string, tables: string[]) =>
    `The database ${name} is not empty (${list(tables)} hold rows). A backup is restored only into an empty database: create a new one (or drop this one if you are sure) and run the restore again. Nothing was changed.`,
  migratedPast: (name: string, names: string[]) =>
    `The database ${name} is already migrated past this backup (${list(names)} are not in it). Restore into a new, empty database; the migrations run after the data is in. Nothing was changed.`,
  filesExist: (dir: string, files: string[]) =>
    `Files from the backup already exist in ${dir} (${list(files)}). Move them away, or run the restore with --force to overwrite them. Nothing was changed.`,
  migrateAfter: (reason: string) =>
    `The backup was restored, but migrating it to this version of Wildframe failed (${reason}). Fix the cause, then run npm run migrate.`,
  schemaMismatch: (detail: string) =>
    `The backup does not match the tables its migrations create here (${detail}). Nothing was restored.`,
};
