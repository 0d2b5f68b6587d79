import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config';
import { DEMO_SITE_NAME } from '../../src/demo/demo-content';

/** A config for one test file: its own database name and Redis prefix, nothing shared. */
export function testConfig(env: Record<string, string> = {}): Config {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  base.pathname = `/wildframe_test_${id}`;
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DEMO_DATA: 'false',
    // the demo's name, as the demo sets it; runtime-names.test.ts checks the default (unset)
    SITE_NAME: DEMO_SITE_NAME,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `wftest_${id}`,
    DATABASE_URL: base.toString(),
    DATA_DIR: `/tmp/wildframe-test-${id}`,
    ...env,
  });
}
