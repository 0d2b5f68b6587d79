// `npm run media:migrate`: moves the images still held in the database (rows written before the
// media store) into the configured store (MEDIA_STORE), checking each file by its SHA-256 before
// its row drops the bytes, then cleans the originals stored before issue 35: each is stored again
// without its GPS and place tags (pixels untouched), the copy with them deleted.
// `npm run media:migrate -- clean-locations` does only the cleaning (the worker's sweep does it
// too, a batch every SWEEP_EVERY_MS). Safe while the shop runs; stop it any time and run it again
// to resume: progress is in Postgres (media_assets.location_cleaned_at).
import { ConfigError, loadConfig } from '../src/config';
import { createDb, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createMediaModuleForScripts } from '../src/modules/media';

const BATCH = 25;

const [command] = process.argv.slice(2);
if (command !== undefined && command !== 'clean-locations') {
  console.error('Usage: npm run media:migrate [-- clean-locations]');
  process.exit(2);
}

try {
  const config = loadConfig();
  await ensureDatabase(config.DATABASE_URL);
  // a few connections, and time for a large original to travel
  const db = createDb(config.DATABASE_URL, 2, 120_000);
  try {
    await migrateLatest(db);
    const media = createMediaModuleForScripts({ db, config });
    if (command !== 'clean-locations') {
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
    }
    const toClean = await media.countToClean();
    console.log(`${toClean} originals may still carry GPS or place tags; cleaning them...`);
    let cleaned = 0;
    for (;;) {
      const handled = await media.cleanLocations(BATCH);
      if (!handled) break;
      cleaned += handled;
      console.log(`  ${cleaned} of ${toClean} cleaned`);
    }
    console.log(`Done: ${cleaned} cleaned, ${await media.countToClean()} left.`);
  } finally {
    await db.destroy();
  }
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The run failed (run it again to resume):', err);
  process.exit(1);
}
