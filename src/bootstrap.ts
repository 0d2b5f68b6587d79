import type { AppContext } from './platform/context';
import { ensureDatabase, migrateLatest } from './platform/db';
import { waitForRedis } from './platform/redis';
import type { Modules } from './modules';
import { seedDemoData } from './demo/demo-seed';
import { startDemoLabs } from './demo/labs/demo-labs';

/**
 * Everything the API does before it listens: create the database if missing, migrate it, make
 * sure an admin exists, and fill an empty shop with demo content (DEMO_DATA=false turns it off);
 * with LAB_DEMO, set the print labs up for their in-process doubles.
 * Returns a freshly generated admin password, if one was made, so the caller can print it once.
 */
export async function prepare(
  ctx: AppContext,
  modules: Modules,
): Promise<{ username: string; password?: string } | null> {
  await waitForRedis(ctx.redis);
  await ensureDatabase(ctx.config.DATABASE_URL);
  await migrateLatest(ctx.db);
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = ctx.config;
  const admin = await modules.adminAuth.service.ensureAdmin(
    username && password ? { username, password } : undefined,
  );
  if (ctx.config.DEMO_DATA) await seedDemoData(ctx, modules);
  if (ctx.config.LAB_DEMO) await startDemoLabs(ctx, modules);
  return admin;
}
