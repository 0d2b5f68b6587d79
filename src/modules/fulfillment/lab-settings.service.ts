import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/http/app-error';
import {
  labMessages as messages,
  labNames,
  labProviderIds,
  type LabConnectionTest,
  type LabProviderId,
  type LabSettingsInput,
  type LabSettingsView,
  type LabSetup,
} from '../../contract';
import type { LabProvider } from './lab-provider';
import { labProviders } from './lab-providers';
import { forOwner } from './lab-errors';
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
  reviewBeforeSending: false,
  minMarginPercent: 30,
} as const;

/** The lab a path names (`/api/admin/lab/{provider}`); 404 for any other word. */
export function labOf(provider: string): LabProviderId {
  const id = labProviderIds.find((p) => p === provider);
  if (!id) throw notFound('Print lab not found.');
  return id;
}

/** The owner's message when a lab's key (and secret) is not set: in that lab's words. */
const notConnected = (provider: LabProviderId) =>
  provider === 'lumaprints'
    ? messages.notConfigured
    : `Connect ${labNames[provider]} first: enter its API key in Print Lab settings.`;

/**
 * The owner's lab settings (one row per lab, keyed by its id; the lab's own settings object
 * checked by its schema) and each lab connected with them.
 */
export function createLabSettings(
  ctx: AppContext,
  deps: { repo: FulfillmentRepository; secrets: LabSecrets; forgetCatalog(provider: LabProviderId): void },
) {
  const { repo, secrets } = deps;
  const { logger } = ctx;
  const demo = () => ctx.config.LAB_DEMO;

  async function row(provider: LabProviderId): Promise<LabSettingsRow> {
    const stored = await repo.settings(provider);
    const lab = labProviders[provider];
    if (!stored) return { provider, ...DEFAULTS, providerSettings: lab.defaultSettings, webhookSecret: '' };
    return { ...stored, providerSettings: lab.settingsSchema.parse(stored.providerSettings) };
  }

  /** The lab connected with these credentials; a 400 when the key (or secret) is not set or readable. */
  function connectWith(s: LabSettingsRow, apiKey: string | null, apiSecret: string | null): LabProvider {
    const lab = labProviders[s.provider];
    if (!apiKey || (lab.usesSecret && !apiSecret)) throw badRequest(notConnected(s.provider));
    return lab.connect(
      { apiKey, apiSecret: lab.usesSecret ? apiSecret! : '', baseUrl: lab.baseUrl(s.sandbox, ctx.config) },
      s.providerSettings,
    );
  }

  const stored = (encrypted: string | null) => (encrypted ? secrets.decrypt(encrypted) : null);
  /** The lab connected with its saved settings. */
  const connect = (s: LabSettingsRow) =>
    connectWith(s, stored(s.apiKeyEncrypted), stored(s.apiSecretEncrypted));

  /** Where the lab calls us when an order ships: its own address, with the row's long secret. */
  const webhookUrl = (s: LabSettingsRow) =>
    `${ctx.config.publicUrl}/api/webhooks/lab/${s.provider}/${s.webhookSecret}`;

  function view(s: LabSettingsRow): LabSettingsView {
    const lab = labProviders[s.provider];
    return {
      provider: s.provider,
      name: labNames[s.provider],
      demo: demo(),
      enabled: s.enabled,
      sandbox: s.sandbox,
      apiKeySet: !!s.apiKeyEncrypted,
      apiSecretSet: !!s.apiSecretEncrypted,
      usesSecret: lab.usesSecret,
      usesStores: lab.usesStores,
      ...lab.settingsToWire(s.providerSettings),
      shippingMethod: s.shippingMethod as LabSettingsView['shippingMethod'],
      shippingMethods: [...lab.shippingMethods],
      productionTime: s.productionTime as LabSettingsView['productionTime'],
      productionTimes: [...lab.productionTimes],
      holdMinutes: s.holdMinutes,
      reviewBeforeSending: s.reviewBeforeSending,
      minMarginPercent: s.minMarginPercent,
    };
  }

  const labSettings = {
    row,
    webhookUrl,
    connect,
    /** The lab's settings the lab cannot work without, missing (null: none). */
    missingSetting: (s: LabSettingsRow) => labProviders[s.provider].missingSetting(s.providerSettings),
    demo,

    /** Every lab's settings, and whether the labs are the demo doubles. */
    async setup(): Promise<LabSetup> {
      const labs = [];
      for (const provider of labProviderIds) labs.push(view(await row(provider)));
      return { demo: demo(), labs };
    },

    /** For the set-up checklist: a lab is on, and whether one on is in test mode. */
    async status(): Promise<{ enabled: boolean; sandbox: boolean }> {
      const on = (await Promise.all(labProviderIds.map(row))).filter((s) => s.enabled);
      return { enabled: on.length > 0, sandbox: on.some((s) => s.sandbox) };
    },

    async saveSettings(provider: LabProviderId, input: LabSettingsInput): Promise<LabSettingsView> {
      const before = await row(provider);
      const lab = labProviders[provider];
      const next: LabSettingsRow = {
        provider,
        enabled: input.enabled,
        sandbox: input.sandbox,
        // blank keeps the stored one; the plain text is never kept or logged
        apiKeyEncrypted: input.apiKey ? secrets.encrypt(input.apiKey) : before.apiKeyEncrypted,
        apiSecretEncrypted: !lab.usesSecret
          ? null
          : input.apiSecret
            ? secrets.encrypt(input.apiSecret)
            : before.apiSecretEncrypted,
        providerSettings: lab.settingsFromWire(input, before.providerSettings),
        shippingMethod: input.shippingMethod,
        productionTime: input.productionTime,
        holdMinutes: input.holdMinutes,
        reviewBeforeSending: input.reviewBeforeSending,
        minMarginPercent: input.minMarginPercent,
        webhookSecret: before.webhookSecret || randomBytes(32).toString('base64url'),
      };
      if (!lab.shippingMethods.includes(input.shippingMethod))
        throw badRequest(messages.shippingMethod, { shippingMethod: messages.shippingMethod });
      if (!lab.productionTimes.includes(input.productionTime))
        throw badRequest(messages.productionTime, { productionTime: messages.productionTime });
      if (next.enabled && (!next.apiKeyEncrypted || (lab.usesSecret && !next.apiSecretEncrypted))) {
        const message = lab.usesSecret ? messages.credentials : 'Enter the API key.';
        throw badRequest(message, { apiKey: message });
      }
      const missing = lab.missingSetting(next.providerSettings);
      if (next.enabled && missing) throw badRequest(missing.message, { [missing.field]: missing.message });
      if (next.sandbox !== before.sandbox || input.apiKey || input.apiSecret) deps.forgetCatalog(provider);
      await repo.saveSettings(next);
      // the lab calls us when an order ships; polling covers a registration that fails here
      if (next.enabled && !missing)
        await forOwner(provider, () => connect(next).registerWebhook(webhookUrl(next))).catch(
          (err: unknown) =>
            logger.warn(
              { provider, err: err instanceof Error ? err.message : err },
              'lab webhook registration failed',
            ),
        );
      return view(await row(provider));
    },

    /**
     * Tests what the owner typed, without saving it (a blank key or secret is the stored one):
     * the stores it reaches, and in words. A refusal is a 400 in her words with the lab's.
     */
    async testConnection(provider: LabProviderId, input: LabConnectionTest) {
      const s = { ...(await row(provider)), sandbox: input.sandbox };
      const lab = labProviders[provider];
      const client = connectWith(
        s,
        input.apiKey || stored(s.apiKeyEncrypted),
        input.apiSecret || stored(s.apiSecretEncrypted),
      );
      const name = labNames[provider];
      const mode = demo() ? 'the demo lab' : s.sandbox ? 'its sandbox' : 'live orders';
      // a lab without stores checks the key and answers none (its catalogue may be ours alone)
      const stores = await forOwner(provider, () => client.stores());
      if (!lab.usesStores)
        return { ok: true as const, message: `Connected to ${name} (${mode}).`, stores: [] };
      const count = stores.length === 1 ? 'one store' : `${stores.length} stores`;
      const message = stores.length
        ? `Connected to ${name} (${mode}): ${count}. Choose the store orders go to.`
        : `Connected to ${name} (${mode}), but the account has no store yet: make one at ${name} first.`;
      return { ok: true as const, message, stores };
    },
  };
  return labSettings;
}
export type LabSettings = ReturnType<typeof createLabSettings>;
