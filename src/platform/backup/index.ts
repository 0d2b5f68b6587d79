// Backups: `npm run backup` writes one .tar.gz (the database as COPY text and the files under
// DATA_DIR), `npm run restore` puts it back into an empty database. Layout: ./manifest.ts.
export {
  createBackup,
  defaultBackupName,
  defaultBackupDir,
  latestBackup,
  EXCLUDED_DIRS,
  type BackupOptions,
  type BackupResult,
} from './backup';
export { restoreBackup, type RestoreOptions, type RestoreResult } from './restore';
export { BackupError } from './errors';
export { MANIFEST, type Manifest } from './manifest';
