import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile } from './config';

describe('config', () => {
  it('uses the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/wildframe');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.DEMO_DATA).toBe(true);
    expect(c.paymentsProvider).toBe('test');
  });

  it('takes camera originals by default: MAX_PHOTO_MB is 50 unless set (1 to 100)', () => {
    expect(loadConfig({}).MAX_PHOTO_MB).toBe(50);
    expect(loadConfig({ MAX_PHOTO_MB: '' }).MAX_PHOTO_MB).toBe(50);
    expect(loadConfig({ MAX_PHOTO_MB: '20' }).MAX_PHOTO_MB).toBe(20);
    expect(() => loadConfig({ MAX_PHOTO_MB: '0' })).toThrow(/MAX_PHOTO_MB/);
    expect(() => loadConfig({ MAX_PHOTO_MB: '101' })).toThrow(/MAX_PHOTO_MB/);
    expect(() => loadConfig({ MAX_PHOTO_MB: '12.5' })).toThrow(/MAX_PHOTO_MB: must be a whole number of MB/);
  });

  it('LAB_DEMO points both labs at their doubles on the shop address, unless a base URL is set', () => {
    const off = loadConfig({});
    expect([off.LAB_DEMO, off.LUMAPRINTS_API_BASE, off.PRODIGI_API_BASE]).toEqual([
      false,
      undefined,
      undefined,
    ]);
    const on = loadConfig({ LAB_DEMO: 'true', PUBLIC_URL: 'https://prints.example.com/' });
    expect(on.LUMAPRINTS_API_BASE).toBe('https://prints.example.com/demo-labs/lumaprints');
    expect(on.PRODIGI_API_BASE).toBe('https://prints.example.com/demo-labs/prodigi/v4.0');
    expect(on.LAB_DEMO_SHIP_SECONDS).toBe(60);
    const own = loadConfig({ LAB_DEMO: 'true', PRODIGI_API_BASE: 'http://127.0.0.1:9/v4.0' });
    expect(own.PRODIGI_API_BASE).toBe('http://127.0.0.1:9/v4.0');
    expect(() => loadConfig({ LAB_DEMO_SHIP_SECONDS: '-1' })).toThrow(/LAB_DEMO_SHIP_SECONDS/);
  });

  it('rejects bad values with a list naming each one', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', OWNER_EMAIL: 'nope', DEMO_DATA: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'OWNER_EMAIL', 'DEMO_DATA']) expect(problems).toContain(name);
  });

  it('requires a session secret in production and no test payments there unless asked', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(c.paymentsProvider).toBe('none');
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PAYMENTS_PROVIDER: 'test' })
        .paymentsProvider,
    ).toBe('test');
  });

  it('takes SHOP_TIME_ZONE as an IANA zone, America/New_York unless set', () => {
    expect(loadConfig({}).SHOP_TIME_ZONE).toBe('America/New_York');
    expect(loadConfig({ SHOP_TIME_ZONE: 'America/Denver' }).SHOP_TIME_ZONE).toBe('America/Denver');
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mountain Time' })).toThrow(/SHOP_TIME_ZONE: must be an IANA/);
  });

  it('wants the admin username and password together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'owner' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('takes TRUST_PROXY as false, true (one hop), a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'a;b' })).toThrow(/TRUST_PROXY/);
  });

  it('with an https PUBLIC_URL and no TRUST_PROXY, trusts proxies on loopback and private networks', () => {
    const https = loadConfig({ PUBLIC_URL: 'https://prints.example.com' });
    expect(https.httpsOnly).toBe(true);
    expect(https.trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    // an explicit setting wins, false included
    expect(loadConfig({ PUBLIC_URL: 'https://prints.example.com', TRUST_PROXY: 'false' }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://prints.example.com', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    const http = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(http.httpsOnly).toBe(false);
    expect(http.trustProxy).toBe(false);
  });

  it('loads a .env file into the environment, where variables already set win', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-env-'));
    const file = path.join(dir, '.env');
    const [fromFile, fromEnv] = [`WF_TEST_FROM_FILE_${process.pid}`, `WF_TEST_FROM_ENV_${process.pid}`];
    try {
      expect(loadEnvFile(file)).toBe(false);
      writeFileSync(file, `# a comment\n${fromFile}=file value\n${fromEnv}=file value\n`);
      process.env[fromEnv] = 'environment value';
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env[fromFile]).toBe('file value');
      expect(process.env[fromEnv]).toBe('environment value');
    } finally {
      delete process.env[fromFile];
      delete process.env[fromEnv];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
