import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../platform/logger';
import type { ContentRepository } from './content.repository';
import { createContentService, type ContentMedia } from './content.service';

// site() reads only the config: no database or media needed.
const serviceFor = (env: Record<string, string>) =>
  createContentService({
    repo: {} as ContentRepository,
    media: {} as ContentMedia,
    config: loadConfig(env),
    logger: createLogger('silent'),
    imageUploaded: async () => undefined,
    locationsVersion: async () => 'v1',
  });

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_456',
  STRIPE_WEBHOOK_SECRET: 'whsec_789',
};

describe('content site settings', () => {
  it('names the shop, the photographer and the tagline', () => {
    expect(serviceFor({ SITE_NAME: 'Marsh Light', PHOTOGRAPHER_NAME: 'Ann Heron' }).site()).toMatchObject({
      siteName: 'Marsh Light',
      photographerName: 'Ann Heron',
      tagline: 'Bring the beauty of creation home',
    });
  });

  it('gives the publishable key only when Stripe is the provider', () => {
    expect(serviceFor(stripeEnv).site().payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_456',
    });
    expect(serviceFor({ ...stripeEnv, PAYMENTS_PROVIDER: 'test' }).site().payments).toEqual({
      provider: 'test',
      publishableKey: null,
    });
    expect(serviceFor({}).site().payments).toEqual({ provider: 'test', publishableKey: null });
  });

  it("says 'none' in production when no provider is configured", () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(serviceFor(env).site().payments).toEqual({ provider: 'none', publishableKey: null });
  });

  it('takes orders only with a payment provider', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(serviceFor(production).site().takingOrders).toBe(false);
    expect(serviceFor({ ...production, PAYMENTS_PROVIDER: 'test' }).site().takingOrders).toBe(true);
    expect(serviceFor({ ...production, ...stripeEnv }).site().takingOrders).toBe(true);
    expect(serviceFor({}).site().takingOrders).toBe(true);
  });
});
