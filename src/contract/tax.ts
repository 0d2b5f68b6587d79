import { z } from 'zod';
import { isUsStateCode } from './us-states';

// Sales tax: the owner's settings, and the monthly report.

export const taxProviders = ['manual', 'stripe'] as const;
export type TaxProvider = (typeof taxProviders)[number];

export const taxMessages = {
  provider: 'Choose our rates (manual) or Stripe Tax.',
  stripeNotConfigured: 'Stripe Tax needs Stripe payments: set STRIPE_SECRET_KEY first.',
  state: 'Please choose a US state or territory',
  duplicateState: 'Each state may be listed once.',
  rate: 'The rate must be a percentage from 0 to 99.9999 (at most 4 decimal places).',
  month: 'The month must look like 2026-11.',
  unavailable: 'Tax could not be calculated right now. Please try again in a moment.',
} as const;

/** A percentage with at most 4 decimals, 0 <= rate < 100: kept as the string the owner typed. */
const rate = z
  .union([z.number(), z.string()], { error: taxMessages.rate })
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,2}(\.\d{1,4})?$/.test(s), taxMessages.rate);

export const taxStateInputSchema = z.object({
  state: z
    .string({ error: taxMessages.state })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isUsStateCode, taxMessages.state),
  rate,
  shippingTaxed: z.boolean({ error: 'shippingTaxed must be true or false' }),
});

/** PUT /api/admin/tax: the whole settings (a state left out stops being collected in). */
export const taxSettingsInputSchema = z.object({
  provider: z.enum(taxProviders, { error: taxMessages.provider }),
  states: z
    .array(taxStateInputSchema)
    .max(60)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (seen.has(s.state))
          ctx.addIssue({ code: 'custom', path: [i, 'state'], message: taxMessages.duplicateState });
        seen.add(s.state);
      });
    }),
});
export type TaxSettingsInput = z.output<typeof taxSettingsInputSchema>;

export const taxStateViewSchema = z.object({
  state: z.string(),
  /** "District of Columbia" */
  name: z.string(),
  /** percent, as a string with up to 4 decimals: "6.5" */
  rate: z.string(),
  shippingTaxed: z.boolean(),
  /** When the official rate took effect (ISO), if the rate is the official one we know; else null. */
  rateChangedAt: z.string().nullable(),
  /** Still our preset (a suggestion, not collected): the owner has not saved the settings yet. */
  preset: z.boolean(),
  /** Where the official rate is published. */
  sourceUrl: z.string(),
  sourceName: z.string(),
});
export type TaxStateView = z.infer<typeof taxStateViewSchema>;

/** GET /api/admin/tax (and the answer of PUT). */
export const taxSettingsViewSchema = z.object({
  provider: z.enum(taxProviders),
  /** Stripe Tax can be chosen (Stripe payments are configured). */
  stripeTaxAvailable: z.boolean(),
  /**
   * The owner has saved her settings. Until then no tax is collected at all, and `states` holds
   * our DC preset as a suggestion (each marked `preset`).
   */
  saved: z.boolean(),
  states: z.array(taxStateViewSchema),
});
export type TaxSettingsView = z.infer<typeof taxSettingsViewSchema>;

/** GET /api/admin/orders/tax-report?month=2026-11 (CSV). */
export const taxReportQuerySchema = z.object({
  month: z.string({ error: taxMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, taxMessages.month),
});
