import type { Logger } from '../../platform/logger';
import { AppError, badRequest } from '../../platform/http/app-error';
import {
  taxMessages as messages,
  type TaxProvider,
  type TaxSettingsInput,
  type TaxSettingsView,
  type TaxStateView,
  usStates,
} from '../../contract';
import { officialRateSince, RATE_PRESETS } from './rate-presets';
import type { StripeTax } from './stripe-tax';
import type { TaxRepository, TaxStateRow } from './tax.repository';
import { formatRate, taxableCents, taxOn } from './tax-rules';

/** Where a state's official sales tax rate is published (the admin links it beside the rate). */
const SOURCES: Record<string, { name: string; url: string }> = {
  DC: { name: 'DC Office of Tax and Revenue', url: 'https://otr.cfo.dc.gov/' },
  MD: { name: 'Comptroller of Maryland', url: 'https://www.marylandtaxes.gov/' },
  VA: { name: 'Virginia Tax', url: 'https://www.tax.virginia.gov/' },
};
const ALL_AGENCIES = {
  name: 'State tax agencies (Federation of Tax Administrators)',
  url: 'https://taxadmin.org/state-tax-agencies/',
};

const stateName = new Map<string, string>(usStates);

/**
 * What the admin suggests until the owner saves her settings: DC's sales tax, the District's
 * general rate, 6.5 % since 1 October 2025, delivery charges taxed. Only a suggestion: no tax is
 * collected until she saves (the preset unchanged too). Kept here rather than as rows (see the
 * migration); the admin marks it a preset, with its official source, for her to confirm.
 */
const DC_PRESET: TaxStateRow = {
  state: 'DC',
  rate: RATE_PRESETS.DC!.rate,
  shippingTaxed: true,
  rateChangedAt: RATE_PRESETS.DC!.since,
};

/** The address tax is computed for; Stripe Tax needs the ZIP, our rates only the state. */
export type TaxAddress = {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state: string;
  zip?: string | null;
};

/** What is taxed: each line's prints after their discount, and the shipping after its discount. */
export type TaxableOrder = {
  lines: { reference: string; amountCents: number; quantity: number }[];
  shippingCents: number;
};

/** The tax of an order: none (null state) where it is not collected. */
export type OrderTax = {
  taxCents: number;
  taxableCents: number;
  state: string | null;
  /** percent, our rates only */
  rate: number | null;
  provider: 'manual' | 'stripe';
  calculationId: string | null;
};

const NO_TAX = (provider: 'manual' | 'stripe'): OrderTax => ({
  taxCents: 0,
  taxableCents: 0,
  state: null,
  rate: null,
  provider,
  calculationId: null,
});

function toStateView(row: TaxStateRow, preset: boolean): TaxStateView {
  const source = SOURCES[row.state] ?? ALL_AGENCIES;
  return {
    state: row.state,
    name: stateName.get(row.state) ?? row.state,
    rate: formatRate(row.rate),
    shippingTaxed: row.shippingTaxed,
    rateChangedAt: row.rateChangedAt?.toISOString() ?? null,
    preset,
    sourceUrl: source.url,
    sourceName: source.name,
  };
}

export function createTaxService(deps: { repo: TaxRepository; stripeTax: StripeTax | null; logger: Logger }) {
  const { repo, stripeTax, logger } = deps;

  /**
   * The owner's settings once saved (a tax_settings row); before that none are in force (no tax
   * is collected), and our DC preset is the admin's suggestion.
   */
  async function current() {
    const provider = await repo.provider();
    if (!provider) return { provider: 'manual' as const, saved: false, states: [DC_PRESET] };
    return { provider, saved: true, states: await repo.states() };
  }

  return {
    async settings(): Promise<TaxSettingsView> {
      const { provider, saved, states } = await current();
      return {
        provider,
        stripeTaxAvailable: !!stripeTax,
        saved,
        states: states.map((s) => toStateView(s, !saved)),
      };
    },

    async save(input: TaxSettingsInput): Promise<TaxSettingsView> {
      if (input.provider === 'stripe' && !stripeTax)
        throw badRequest(messages.stripeNotConfigured, { provider: messages.stripeNotConfigured });
      // "last changed" is the official rate's date when hers is the official one, else unknown:
      // the day she saves is not when a rate changed (issue 51)
      const states = input.states.map((s) => ({
        ...s,
        rateChangedAt: officialRateSince(s.state, Number(s.rate)),
      }));
      await repo.save(input.provider, states);
      return this.settings();
    },

    /**
     * Whether the shop collects sales tax at all: her saved settings list a state, or chose Stripe
     * Tax (with Stripe configured). Not before she saves: the checkout then shows no tax line.
     */
    async collects(): Promise<boolean> {
      const { provider, saved, states } = await current();
      if (!saved) return false;
      return (provider === 'stripe' && !!stripeTax) || states.length > 0;
    },

    /**
     * The order's tax for this address: none until the owner has saved her settings; then our
     * rate for its state (the discounted prints, and the shipping where the state taxes it), or
     * Stripe Tax's calculation when she chose it (which needs the ZIP: without one there is no
     * figure yet, so null). Stripe unreachable: a 503.
     */
    async taxFor(address: TaxAddress, order: TaxableOrder): Promise<OrderTax | null> {
      const { provider, saved, states } = await current();
      if (!saved) return NO_TAX('manual');
      const goods = order.lines.reduce((s, l) => s + l.amountCents, 0);
      if (provider === 'stripe' && stripeTax) {
        if (!address.zip) return null;
        // Stripe takes positive amounts only: a line made free by a code has nothing to tax
        const lines = order.lines.filter((l) => l.amountCents > 0);
        if (!lines.length && order.shippingCents <= 0) return NO_TAX('stripe');
        try {
          const calc = await stripeTax.calculate({
            lines,
            shippingCents: order.shippingCents,
            address: { ...address, zip: address.zip },
          });
          return {
            taxCents: calc.taxCents,
            taxableCents: calc.taxableCents,
            state: calc.taxCents > 0 ? address.state : null,
            rate: null,
            provider: 'stripe',
            calculationId: calc.calculationId,
          };
        } catch (err) {
          logger.warn({ err }, 'Stripe Tax calculation failed');
          throw new AppError('unavailable', messages.unavailable);
        }
      }
      const rule = states.find((s) => s.state === address.state);
      if (!rule) return NO_TAX('manual');
      const taxable = taxableCents(rule, goods, order.shippingCents);
      return {
        taxCents: taxOn(taxable, rule.rate),
        taxableCents: taxable,
        state: rule.state,
        rate: rule.rate,
        provider: 'manual',
        calculationId: null,
      };
    },

    /** Stripe Tax: the paid order's calculation becomes a tax transaction, once. */
    async recordPaid(orderId: number, calculationId: string): Promise<void> {
      if (!stripeTax || (await repo.transactionFor(orderId))) return;
      const { transactionId } = await stripeTax.record({ orderId, calculationId });
      await repo.saveTransaction(orderId, calculationId, transactionId);
      logger.info({ orderId, transactionId }, 'Stripe Tax transaction recorded');
    },

    /** Stripe Tax: a refund reverses the tax transaction, in full or in part, once per refund. */
    async reverseForRefund(r: { orderId: number; refundId: number; amountCents: number; full: boolean }) {
      if (!stripeTax || (await repo.hasReversal(r.refundId))) return;
      const transactionId = await repo.transactionFor(r.orderId);
      if (!transactionId) return;
      const { reversalId } = await stripeTax.reverse({ transactionId, ...r });
      await repo.saveReversal({ ...r, reversalId });
      logger.info(
        { orderId: r.orderId, refundId: r.refundId, reversalId },
        'Stripe Tax transaction reversed',
      );
    },

    /**
     * Whether the owner has saved her tax settings (the admin's set-up checklist): how tax is
     * computed and the states she listed; not saved while she never did.
     */
    async isConfigured(): Promise<
      { saved: false } | { saved: true; provider: TaxProvider; states: string[] }
    > {
      const provider = await repo.provider();
      if (!provider) return { saved: false };
      return { saved: true, provider, states: (await repo.states()).map((s) => s.state) };
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;
