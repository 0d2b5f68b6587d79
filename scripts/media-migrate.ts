// `npm run media:migrate`: moves the images still held in the database (rows written before the
// media store) into the configured store (MEDIA_STORE), checking each file by its SHA-256 before
// its row drops the bytes. Safe while the shop runs; stop it any time and run it again to resume.
import { ConfigError, loadConfig } from '../src/config';
import { createDb, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createMediaModuleForScripts } from '../src/modules/media';

const BATCH = 25;

try {
  const config = loadConfig();
  await ensureDatabase(config.DATABASE_URL);
  // a few connections, and time for a large original to travel
  const db = createDb(config.DATABASE_URL, 2, 120_000);
  try {
    await migrateLatest(db);
    const media = createMediaModuleForScripts({ db, config });
    const left = await media.countToMove();
    console.log(
      `${left} image files are in the database or under an earlier name; moving them to the ${config.MEDIA_STORE} store...`,
    );
    let done = 0;
    for (;;) {
      const moved = await media.moveBytesToStore(BATCH);
      if (!moved) break;
      done += moved;
      console.log(`  ${done} of ${left} moved`);
    }
    console.log(
      `Done: ${done} moved, ${await media.countToMove()} left to move. ` +
        'Postgres reuses the freed space; `VACUUM FULL media_assets, media_variants` gives it back to the disk (it locks the tables while it runs).',
    );
  } finally {
    await db.destroy();
  }
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The move failed (run it again to resume):', err);
  process.exit(1);
}
