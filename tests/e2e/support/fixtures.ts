import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import knex, { type Knex } from 'knex';
import { e2e } from './e2e-env';

export { expect };

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The two sizes every flow is checked at: a desktop and a phone. */
export const sizes = [
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  { name: 'phone', use: phone },
] as const;

/** Specs get a knex handle on the e2e database, to check what was stored. */
export const test = base.extend<object, { db: Knex }>({
  db: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
    async ({}, use) => {
      const db = knex({ client: 'pg', connection: e2e.databaseUrl, pool: { min: 0, max: 2 } });
      await use(db);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
});

/** The e-mails the app (by default the shared e2e app) has written to its outbox (.eml files), newest last. */
export function outboxMails(dataDir = e2e.dataDir): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
}

export async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(e2e.admin.username);
  await page.getByLabel('Password').fill(e2e.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
}
