import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('uses the documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/wildframe');
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(c.DEMO_DATA).toBe(true);
    expect(c.paymentsProvider).toBe('test');
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

  it('wants the admin username and password together', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'owner' })).toThrow(/ADMIN_PASSWORD/);
  });
});
