import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import type { LabProviderId } from '../../contract';
import type { LabRegistry } from './lab-providers';
import type { LabSecrets } from './lab-secrets';
import type { FulfillmentRepository } from './fulfillment.repository';

/** How long a demo lab order waits before it is sent (the owner sees it held, then sent). */
const DEMO_HOLD_MINUTES = 2;

/**
 * LAB_DEMO: a lab set up with its demo double's key (src/demo/labs/demo-labs.ts), so the owner
 * sees products, quotes and an order go through without an account. Only when the owner has set
 * no key of her own for it: hers are never replaced.
 */
export function createLabDemo(
  ctx: AppContext,
  deps: { repo: FulfillmentRepository; secrets: LabSecrets; labs: LabRegistry },
) {
  const { repo, secrets } = deps;
  return {
    /**
     * Sets the lab up (enabled, sandbox, a 2-minute hold) unless the owner has a readable key
     * for it; answers where the lab calls us back (its webhook address, with the row's secret).
     */
    async setUp(
      provider: LabProviderId,
      key: { apiKey: string; apiSecret: string | null },
      providerSettings: Record<string, unknown>,
    ): Promise<{ webhookUrl: string; seeded: boolean }> {
      const lab = deps.labs.get(provider);
      const stored = await repo.settings(provider);
      const hasKey = !!stored?.apiKeyEncrypted && secrets.decrypt(stored.apiKeyEncrypted) !== null;
      const webhookSecret = stored?.webhookSecret || randomBytes(32).toString('base64url');
      if (!hasKey)
        await repo.saveSettings({
          provider,
          enabled: true,
          sandbox: true,
          apiKeyEncrypted: secrets.encrypt(key.apiKey),
          apiSecretEncrypted: key.apiSecret === null ? null : secrets.encrypt(key.apiSecret),
          providerSettings: lab.settingsSchema.parse(providerSettings),
          shippingMethod: String(lab.shippingMethods[0]!.id),
          productionTime: String(lab.productionTimes[0]!.id),
          holdMinutes: DEMO_HOLD_MINUTES,
          reviewBeforeSending: stored?.reviewBeforeSending ?? false,
          minMarginPercent: stored?.minMarginPercent ?? 30,
          webhookSecret,
        });
      return {
        webhookUrl: `${ctx.config.publicUrl}/api/webhooks/lab/${provider}/${webhookSecret}`,
        seeded: !hasKey,
      };
    },
  };
}
export type LabDemo = ReturnType<typeof createLabDemo>;
