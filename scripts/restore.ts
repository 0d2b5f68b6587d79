// `npm run restore -- <backup.tar.gz> [--force]`: puts a backup back into an empty database (created
// when missing) and DATA_DIR. --force overwrites files in DATA_DIR that the backup also has.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { BackupError, restoreBackup } from '../src/platform/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (args.includes('--help') || args.includes('-h') || files.length !== 1 || files[0].startsWith('-')) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}

try {
  const config = loadConfig();
  const database = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1));
  console.log(`Restoring ${files[0]} into the database ${database} and ${config.DATA_DIR}...`);
  const result = await restoreBackup({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    archive: path.resolve(files[0]),
    force,
    progress: (line) => console.log(line),
  });
  console.log(
    `Restored the backup of ${result.manifest.createdAt} (Wildframe ${result.manifest.appVersion}): ${result.tables.length} tables, ${result.rows} rows, ${result.files} files.`,
  );
  if (result.migratedAfter.length) console.log(`  then migrated: ${result.migratedAfter.join(', ')}`);
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) console.error(err.message);
  else console.error('The restore failed:', err);
  process.exit(1);
}
