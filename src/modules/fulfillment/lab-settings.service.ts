import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/http/app-error';
import {
  labMessages as messages,
  type LabProviderId,
  type LabSettingsInput,
  type LabSettingsView,
} from '../../contract';
import { LabError, type LabProvider } from './lab-provider';
import { currentLabProvider, labProviders } from './lab-providers';
import type { LabSecrets } from './lab-secrets';
import type { FulfillmentRepository, LabSettingsRow } from './fulfillment.repository';

const DEFAULTS = {
  enabled: false,
  sandbox: true,
  apiKeyEncrypted: null,
  apiSecretEncrypted: null,
  shippingMethod: 'default',
  productionTime: 'regular',
  holdMinutes: 60,
  minMarginPercent: 30,
} as const;

/** A lab call for the owner: the lab's refusal is a 400 with its message, the lab down a 503. */
export async function forOwner<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof LabError)
      throw err.kind === 'refused'
        ? badRequest(err.message)
        : new AppError('unavailable', messages.unavailable);
    throw err;
  }
}

/**
 * The owner's lab settings (one row per lab, keyed by its id; the lab's own settings object
 * checked by its schema) and the lab connected with them.
 */
export function createLabSettings(
  ctx: AppContext,
  deps: { repo: FulfillmentRepository; secrets: LabSecrets; forgetCatalog(): void },
) {
  const { repo, secrets } = deps;
  const { logger } = ctx;

  async function row(provider: LabProviderId = currentLabProvider): Promise<LabSettingsRow> {
    const stored = await repo.settings(provider);
    const lab = labProviders[provider];
    if (!stored) return { provider, ...DEFAULTS, providerSettings: lab.defaultSettings, webhookSecret: '' };
    return { ...stored, providerSettings: lab.settingsSchema.parse(stored.providerSettings) };
  }

  /** The lab connected with these settings; a 400 when its key or secret is not set or readable. */
  function connect(s: LabSettingsRow): LabProvider {
    const apiKey = s.apiKeyEncrypted && secrets.decrypt(s.apiKeyEncrypted);
    const apiSecret = s.apiSecretEncrypted && secrets.decrypt(s.apiSecretEncrypted);
    if (!apiKey || !apiSecret) throw badRequest(messages.notConfigured);
    const lab = labProviders[s.provider];
    return lab.connect(
      { apiKey, apiSecret, baseUrl: lab.baseUrl(s.sandbox, ctx.config) },
      s.providerSettings,
    );
  }

  /** Where the lab calls us when an order ships: its own address, with the row's long secret. */
  const webhookUrl = (s: LabSettingsRow) =>
    `${ctx.config.publicUrl}/api/webhooks/lab/${s.provider}/${s.webhookSecret}`;

  const labSettings = {
    row,
    connect,
    /** The lab's settings the lab cannot work without, missing (null: none). */
    missingSetting: (s: LabSettingsRow) => labProviders[s.provider].missingSetting(s.providerSettings),

    async settings(): Promise<LabSettingsView> {
      const s = await row();
      return {
        provider: s.provider,
        enabled: s.enabled,
        sandbox: s.sandbox,
        apiKeySet: !!s.apiKeyEncrypted,
        apiSecretSet: !!s.apiSecretEncrypted,
        ...labProviders[s.provider].settingsToWire(s.providerSettings),
        shippingMethod: s.shippingMethod as LabSettingsView['shippingMethod'],
        productionTime: s.productionTime as LabSettingsView['productionTime'],
        holdMinutes: s.holdMinutes,
        minMarginPercent: s.minMarginPercent,
      };
    },

    async saveSettings(input: LabSettingsInput): Promise<LabSettingsView> {
      const before = await row();
      const lab = labProviders[before.provider];
      const next: LabSettingsRow = {
        provider: before.provider,
        enabled: input.enabled,
        sandbox: input.sandbox,
        // blank keeps the stored one; the plain text is never kept or logged
        apiKeyEncrypted: input.apiKey ? secrets.encrypt(input.apiKey) : before.apiKeyEncrypted,
        apiSecretEncrypted: input.apiSecret ? secrets.encrypt(input.apiSecret) : before.apiSecretEncrypted,
        providerSettings: lab.settingsFromWire(input, before.providerSettings),
        shippingMethod: input.shippingMethod,
        productionTime: input.productionTime,
        holdMinutes: input.holdMinutes,
        minMarginPercent: input.minMarginPercent,
        webhookSecret: before.webhookSecret || randomBytes(32).toString('base64url'),
      };
      if (next.enabled && (!next.apiKeyEncrypted || !next.apiSecretEncrypted))
        throw badRequest(messages.credentials, { apiKey: messages.credentials });
      const missing = lab.missingSetting(next.providerSettings);
      if (next.enabled && missing) throw badRequest(missing.message, { [missing.field]: missing.message });
      if (next.sandbox !== before.sandbox || input.apiKey || input.apiSecret) deps.forgetCatalog();
      await repo.saveSettings(next);
      // the lab calls us when an order ships; polling covers a registration that fails here
      if (next.enabled && !missing)
        await forOwner(() => connect(next).registerWebhook(webhookUrl(next))).catch((err: unknown) =>
          logger.warn({ err: err instanceof Error ? err.message : err }, 'lab webhook registration failed'),
        );
      return labSettings.settings();
    },

    async testConnection() {
      const s = await row();
      const stores = await forOwner(() => connect(s).stores());
      return { ok: true as const, stores };
    },
  };
  return labSettings;
}
export type LabSettings = ReturnType<typeof createLabSettings>;
