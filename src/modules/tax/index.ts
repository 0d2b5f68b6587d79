import type Stripe from 'stripe';
import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { createStripeTax } from './stripe-tax';
import { createTaxRepository } from './tax.repository';
import { createTaxRoutes } from './tax.routes';
import { createTaxService } from './tax.service';

export type { TaxService, OrderTax, TaxAddress, TaxableOrder } from './tax.service';
export { taxEndpoints } from './tax.routes';
export { formatRate } from './tax-rules';
export { createStripeTax, type StripeTax, type StripeTaxLine } from './stripe-tax';

/**
 * Sales tax: the owner's states and rates (or Stripe Tax), an order's tax for its address, and
 * Stripe Tax's transaction and reversals (the orders module calls those when an order is paid or
 * refunded). Writes tax_settings, tax_states, tax_transactions and tax_reversals.
 */
export function createTaxModule(ctx: AppContext, deps: { stripe: Stripe | null }) {
  const service = createTaxService({
    repo: createTaxRepository(ctx.db),
    stripeTax: deps.stripe ? createStripeTax(deps.stripe) : null,
    logger: ctx.logger,
  });
  const module = { service, endpoints: () => createTaxRoutes(service) };
  return module satisfies HttpModule;
}
export type TaxModule = ReturnType<typeof createTaxModule>;
