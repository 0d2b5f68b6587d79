import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../migrations/20261127020000_lab_settings_by_provider';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';

// Issue 40: a lab's settings are keyed by the lab (`provider`) instead of one row of id = true.
// The settings an owner saved before keep every value and become the 'lumaprints' row.

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
});
afterAll(() => app?.close());
const db = () => app.ctx.db;

describe('the migration that keys lab settings by provider', () => {
  it("keeps the saved settings as Lumaprints' row, and a second lab gets a row of its own", async () => {
    await db().transaction((trx) => down(trx));
    // the one row as the shop stored it before (no provider named: the column's default)
    const before = {
      enabled: true,
      sandbox: false,
      api_key_encrypted: 'v1.a.b.c',
      api_secret_encrypted: 'v1.d.e.f',
      store_id: 20211,
      shipping_method: 'ground',
      production_time: 'nextday',
      hold_minutes: 90,
      min_margin_percent: 25,
      webhook_secret: 'w'.repeat(43),
    };
    await db()('lab_settings').insert(before);
    await expect(db()('lab_settings').insert({ ...before, id: false })).rejects.toThrow();

    await db().transaction((trx) => up(trx));

    const rows = await db()('lab_settings');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...before, provider: 'lumaprints' });
    expect(rows[0]).not.toHaveProperty('id');
    // what the owner sees is what she saved
    expect(await admin.json(admin.get('/api/admin/lab'))).toMatchObject({
      provider: 'lumaprints',
      enabled: true,
      sandbox: false,
      apiKeySet: true,
      apiSecretSet: true,
      storeId: 20211,
      shippingMethod: 'ground',
      productionTime: 'nextday',
      holdMinutes: 90,
      minMarginPercent: 25,
    });
    // keyed by provider: one row per lab, never two for one
    await db()('lab_settings').insert({ ...before, provider: 'prodigi', store_id: null });
    await expect(db()('lab_settings').insert({ ...before, provider: 'lumaprints' })).rejects.toThrow();
    expect(await db()('lab_settings').orderBy('provider').pluck('provider')).toEqual([
      'lumaprints',
      'prodigi',
    ]);

    // and back: the Lumaprints row is the one row again
    await db().transaction((trx) => down(trx));
    expect(await db()('lab_settings')).toEqual([expect.objectContaining({ ...before, id: true })]);
    await db().transaction((trx) => up(trx));
  });
});
