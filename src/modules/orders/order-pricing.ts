import { orderMoney, type OrderMoney, type PricedCart } from '../cart';
import type { AppliedCode, PromotionsService, RuleLine } from '../promotions';
import type { OrderTax, TaxAddress, TaxService } from '../tax';

/**
 * An order's price, decided here and nowhere else: the cart's lines at today's prices, less the
 * promotion code's discount, plus the tax on what is left for the shipping address (the
 * discounted prints, and the shipping where the state taxes it), summed by orderMoney.
 */
export type PricedOrder = {
  money: OrderMoney;
  applied: AppliedCode | null;
  /** null: no address (state) yet, or Stripe Tax without a ZIP. */
  tax: OrderTax | null;
  /** The lines as the promotion rules read them (checkout holds the code's use with them). */
  ruleLines: RuleLine[];
};

export type PricingDeps = {
  promotions: Pick<PromotionsService, 'apply'>;
  tax: Pick<TaxService, 'taxFor'>;
};

export const ruleLinesOf = (cart: PricedCart): RuleLine[] =>
  cart.lines.map((l) => ({
    photoId: l.photoId,
    format: l.printOption.format,
    priceCents: l.priceCents,
    quantity: l.quantity,
    shippingCents: l.shippingCents,
  }));

export async function priceOrder(
  cart: PricedCart,
  ask: { code?: string; email?: string; address?: TaxAddress | null; orderId?: number | null },
  deps: PricingDeps,
): Promise<PricedOrder> {
  const ruleLines = ruleLinesOf(cart);
  const applied = ask.code
    ? await deps.promotions.apply(ask.code, ruleLines, { email: ask.email, orderId: ask.orderId })
    : null;
  const goodsOff = applied?.discount.perLineGoodsCents ?? ruleLines.map(() => 0);
  const shippingOff = applied?.discount.perLineShippingCents ?? ruleLines.map(() => 0);
  const tax = ask.address?.state
    ? await deps.tax.taxFor(ask.address, {
        lines: cart.lines.map((l, i) => ({
          reference: `${l.photoId}-${l.printOptionId}`,
          amountCents: l.priceCents * l.quantity - goodsOff[i]!,
          quantity: l.quantity,
        })),
        shippingCents: cart.lines.reduce((s, l, i) => s + l.shippingCents - shippingOff[i]!, 0),
      })
    : null;
  const money = orderMoney({
    subtotalCents: cart.money.subtotalCents,
    shippingCents: cart.money.shippingCents,
    discountCents: applied ? applied.discount.goodsCents + applied.discount.shippingCents : 0,
    taxCents: tax?.taxCents ?? 0,
  });
  return { money, applied, tax, ruleLines };
}
