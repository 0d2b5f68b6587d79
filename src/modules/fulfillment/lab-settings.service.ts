import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import { parseFields } from '../../platform/http/validate';
import {
  labMessages as messages,
  type LabConnectionTest,
  type LabProviderId,
  type LabSettingsInput,
  type LabSettingsView,
  type LabSetup,
} from '../../contract';
import type { LabProvider } from './lab-provider';
import type { AnyLabProvider, LabRegistry } from './lab-providers';
import { forOwner } from './lab-errors';
import type { LabSecrets } from './lab-secrets';
import type { FulfillmentRepository, LabSettingsRow } from './fulfillment.repository';

const DEFAULTS = {
  enabled: false,
  sandbox: true,
  apiKeyEncrypted: null,
  apiSecretEncrypted: null,
  holdMinutes: 60,
  reviewBeforeSending: false,
  minMarginPercent: 30,
} as const;

/** The owner's message when a lab's key (and secret) is not set: in that lab's words. */
const notConnected = (lab: AnyLabProvider) =>
  `Connect ${lab.name} first: enter its API key${lab.usesSecret ? ' and secret' : ''} in Print Lab settings.`;

/**
 * The owner's lab settings (one row per lab, keyed by its id; the lab's own settings object
 * checked by its schema) and each lab connected with them.
 */
export function createLabSettings(
  ctx: AppContext,
  deps: {
    repo: FulfillmentRepository;
    secrets: LabSecrets;
    labs: LabRegistry;
    forgetCatalog(provider: LabProviderId): void;
  },
) {
  const { repo, secrets, labs } = deps;
  const { logger } = ctx;
  const demo = () => ctx.config.LAB_DEMO;

  async function row(provider: LabProviderId): Promise<LabSettingsRow> {
    const lab = labs.get(provider);
    const stored = await repo.settings(provider);
    if (!stored)
      return {
        provider,
        ...DEFAULTS,
        shippingMethod: String(lab.shippingMethods[0]!.id),
        productionTime: String(lab.productionTimes[0]!.id),
        providerSettings: lab.defaultSettings,
        webhookSecret: '',
      };
    return { ...stored, providerSettings: lab.settingsSchema.parse(stored.providerSettings) };
  }

  /** The lab connected with these credentials; a 400 when the key (or secret) is not set or readable. */
  function connectWith(s: LabSettingsRow, apiKey: string | null, apiSecret: string | null): LabProvider {
    const lab = labs.get(s.provider);
    if (!apiKey || (lab.usesSecret && !apiSecret)) throw badRequest(notConnected(lab));
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
    const lab = labs.get(s.provider);
    return {
      provider: s.provider,
      name: lab.name,
      description: lab.description,
      demo: demo(),
      enabled: s.enabled,
      sandbox: s.sandbox,
      apiKeySet: !!s.apiKeyEncrypted,
      apiSecretSet: !!s.apiSecretEncrypted,
      usesSecret: lab.usesSecret,
      settings: s.providerSettings,
      settingFields: lab.settingFields,
      shippingMethod: s.shippingMethod,
      shippingMethods: lab.shippingMethods,
      productionTime: s.productionTime,
      productionTimes: lab.productionTimes,
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
    missingSetting: (s: LabSettingsRow) => labs.get(s.provider).missingSetting(s.providerSettings),
    demo,
    labs,

    /** Every lab's settings, and whether the labs are the demo doubles. */
    async setup(): Promise<LabSetup> {
      const views = [];
      for (const provider of labs.ids()) views.push(view(await row(provider)));
      return { demo: demo(), labs: views };
    },

    /** For the set-up checklist: a lab is on, and whether one on is in test mode. */
    async status(): Promise<{ enabled: boolean; sandbox: boolean }> {
      const on = (await Promise.all(labs.ids().map(row))).filter((s) => s.enabled);
      return { enabled: on.length > 0, sandbox: on.some((s) => s.sandbox) };
    },

    async saveSettings(provider: LabProviderId, input: LabSettingsInput): Promise<LabSettingsView> {
      const before = await row(provider);
      const lab = labs.get(provider);
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
        // the lab's own schema: a refused value is a 400 in its words, naming its field
        providerSettings: parseFields(
          lab.settingsSchema,
          { ...before.providerSettings, ...input.settings },
          'Invalid settings.',
        ),
        shippingMethod: input.shippingMethod,
        productionTime: input.productionTime,
        holdMinutes: input.holdMinutes,
        reviewBeforeSending: input.reviewBeforeSending,
        minMarginPercent: input.minMarginPercent,
        webhookSecret: before.webhookSecret || randomBytes(32).toString('base64url'),
      };
      if (!lab.shippingMethods.some((m) => m.id === input.shippingMethod))
        throw badRequest(messages.shippingMethod, { shippingMethod: messages.shippingMethod });
      if (!lab.productionTimes.some((t) => t.id === input.productionTime))
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
        await forOwner(lab, () => connect(next).registerWebhook(webhookUrl(next))).catch((err: unknown) =>
          logger.warn(
            { provider, err: err instanceof Error ? err.message : err },
            'lab webhook registration failed',
          ),
        );
      return view(await row(provider));
    },

    /**
     * Tests what the owner typed, without saving it (a blank key or secret is the stored one):
     * the choices it reaches for the lab's setting fields, and in words. A refusal is a 400 in
     * her words with the lab's.
     */
    async testConnection(provider: LabProviderId, input: LabConnectionTest) {
      const s = { ...(await row(provider)), sandbox: input.sandbox };
      const lab = labs.get(provider);
      const client = connectWith(
        s,
        input.apiKey || stored(s.apiKeyEncrypted),
        input.apiSecret || stored(s.apiSecretEncrypted),
      );
      const mode = demo() ? 'the demo lab' : s.sandbox ? 'its sandbox' : 'live orders';
      const { choices, note } = await forOwner(lab, () => client.checkConnection());
      return { ok: true as const, message: `Connected to ${lab.name} (${mode})${note ?? '.'}`, choices };
    },
  };
  return labSettings;
}
export type LabSettings = ReturnType<typeof createLabSettings>;
