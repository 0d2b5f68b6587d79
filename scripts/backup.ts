// `npm run backup [-- <file or directory>]`: writes one .tar.gz with the database and the files
// under DATA_DIR (default BACKUP_DIR/wildframe-<UTC time>.tar.gz, BACKUP_DIR being backups/).
// Safe while the shop runs.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { BackupError, createBackup } from '../src/platform/backup';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length > 1) {
  console.error('Usage: npm run backup [-- <file.tar.gz or directory>]');
  process.exit(args.length > 1 ? 2 : 0);
}

try {
  const config = loadConfig();
  console.log('Backing up the database and DATA_DIR...');
  const result = await createBackup({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    output: args[0],
    backupDir: config.BACKUP_DIR,
    progress: (line) => console.log(line),
  });
  const rows = result.tables.reduce((s, t) => s + t.rows, 0);
  const shown = path.relative(process.cwd(), result.file);
  console.log(`Backup written: ${shown.startsWith('..') ? result.file : shown} (${mb(result.bytes)})`);
  console.log(
    `  database: ${result.tables.length} tables, ${rows} rows (${mb(result.tableBytes)} uncompressed), ${result.migrations} migrations`,
  );
  console.log(`  files: ${result.files} from ${config.DATA_DIR} (${mb(result.fileBytes)}; outbox/ left out)`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) console.error(err.message);
  else console.error('The backup failed:', err);
  process.exit(1);
}
