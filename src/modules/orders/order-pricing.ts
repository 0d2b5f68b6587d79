import { orderMoney, type OrderMoney, type PricedCart } from '../cart';
import type { AppliedCode, PromotionsService, RuleLine } from '../promotions';
import type { OrderTax, TaxAddress, TaxService } from '../tax';

/**
 * An order's price, decided here and nowhere else: the cart's lines at today's prices, less the
 * promotion code's discount, plus the tax on what is left for the shipping address (the
 * discounted prints and taxable licences, and the shipping where the state taxes it), summed by
 * orderMoney. An order of licences only is taxed for the state and ZIP the buyer gives instead.
 */
export type PricedOrder = {
  money: OrderMoney;
  applied: AppliedCode | null;
  /** null: no address (state) yet, or Stripe Tax without a ZIP. */
  tax: OrderTax | null;
  /** The shop collects sales tax at all (saved settings with a state, or Stripe Tax). */
  taxCollected: boolean;
  /** The lines as the promotion rules read them (checkout holds the code's use with them). */
  ruleLines: RuleLine[];
};

export type PricingDeps = {
  promotions: Pick<PromotionsService, 'apply'>;
  tax: Pick<TaxService, 'taxFor' | 'collects'>;
};

/** A line's reference for the tax provider, and its "format" as the promotion rules read it. */
const referenceOf = (l: PricedCart['lines'][number]) =>
  l.kind === 'print'
    ? `${l.photoId}-${l.printOptionId}`
    : l.kind === 'licence'
      ? `${l.photoId}-licence-${l.licence.id}-${l.size.id}`
      : `gift-card-${l.id}`;

// a licence line's "format" is its licence's name: a code for a print format never matches it; a
// gift card is money, never discounted by a code (nor counted toward a code's minimum)
export const ruleLinesOf = (cart: PricedCart): RuleLine[] =>
  cart.lines.map((l) => ({
    photoId: l.photoId,
    format: l.kind === 'print' ? l.printOption.format : l.kind === 'licence' ? l.licence.name : 'Gift card',
    priceCents: l.priceCents,
    quantity: l.quantity,
    shippingCents: l.shippingCents,
    ...(l.kind === 'gift_card' ? { discountable: false } : {}),
  }));

export async function priceOrder(
  cart: PricedCart,
  ask: {
    code?: string;
    email?: string;
    address?: TaxAddress | null;
    /** The visitor session's unpaid orders: a use of the code one of them holds is the buyer's own. */
    ownOrderIds?: readonly number[];
  },
  deps: PricingDeps,
): Promise<PricedOrder> {
  const ruleLines = ruleLinesOf(cart);
  const applied = ask.code
    ? await deps.promotions.apply(ask.code, ruleLines, { email: ask.email, ownOrderIds: ask.ownOrderIds })
    : null;
  const goodsOff = applied?.discount.perLineGoodsCents ?? ruleLines.map(() => 0);
  const shippingOff = applied?.discount.perLineShippingCents ?? ruleLines.map(() => 0);
  // a licence whose `taxable` is off is never taxed (US states differ on digital goods)
  const tax = ask.address?.state
    ? await deps.tax.taxFor(ask.address, {
        lines: cart.lines.flatMap((l, i) =>
          l.taxable
            ? [
                {
                  reference: referenceOf(l),
                  amountCents: l.priceCents * l.quantity - goodsOff[i]!,
                  quantity: l.quantity,
                },
              ]
            : [],
        ),
        shippingCents: cart.lines.reduce((s, l, i) => s + l.shippingCents - shippingOff[i]!, 0),
      })
    : null;
  const taxCollected = await deps.tax.collects();
  const money = orderMoney({
    subtotalCents: cart.money.subtotalCents,
    shippingCents: cart.money.shippingCents,
    discountCents: applied ? applied.discount.goodsCents + applied.discount.shippingCents : 0,
    taxCents: tax?.taxCents ?? 0,
  });
  return { money, applied, tax, taxCollected, ruleLines };
}
