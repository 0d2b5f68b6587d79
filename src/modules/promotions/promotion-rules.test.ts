import { describe, expect, it } from 'vitest';
import { describeRule, discountFor, splitCents, type PromotionRule, type RuleLine } from './promotion-rules';

const rule = (r: Partial<PromotionRule>): PromotionRule => ({
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  minSubtotalCents: 0,
  photoIds: [],
  formats: [],
  ...r,
});
const line = (l: Partial<RuleLine>): RuleLine => ({
  photoId: 1,
  format: 'Fine Art Paper',
  priceCents: 4500,
  quantity: 1,
  shippingCents: 800,
  ...l,
});

describe('promotion rules', () => {
  it('never discounts a line that is not discountable (a gift card), nor counts it toward a minimum', () => {
    const card = line({ format: 'Gift card', priceCents: 10000, shippingCents: 0, discountable: false });
    // 20 % of the print only
    const mixed = discountFor(rule({ percentOff: 20 }), [line({ priceCents: 5000 }), card]);
    expect(mixed).toMatchObject({ ok: true, discount: { goodsCents: 1000, perLineGoodsCents: [1000, 0] } });
    // an amount off is capped at the print, never taken from the card
    const amount = discountFor(rule({ kind: 'amount', amountOffCents: 8000 }), [
      line({ priceCents: 5000 }),
      card,
    ]);
    expect(amount).toMatchObject({ ok: true, discount: { goodsCents: 5000, perLineGoodsCents: [5000, 0] } });
    // a card alone: the code covers nothing
    expect(discountFor(rule({}), [card])).toMatchObject({ ok: false });
    // a $60 minimum is not reached by a $50 print and a $100 card
    expect(discountFor(rule({ minSubtotalCents: 6000 }), [line({ priceCents: 5000 }), card])).toMatchObject({
      ok: false,
    });
  });

  it('takes a percent off the covered prints, rounded to the cent half up', () => {
    // 20 % of 33.33 = 6.666 -> 6.67
    const r = discountFor(rule({ percentOff: 20 }), [line({ priceCents: 3333 })]);
    expect(r).toMatchObject({ ok: true, discount: { goodsCents: 667, shippingCents: 0 } });
    // 15 % of 0.10 = 0.015 -> 0.02 (half up)
    expect(discountFor(rule({ percentOff: 15 }), [line({ priceCents: 10 })])).toMatchObject({
      discount: { goodsCents: 2 },
    });
  });

  it('a 100 % code makes the prints free, never below zero', () => {
    const r = discountFor(rule({ percentOff: 100 }), [line({ priceCents: 4500, quantity: 2 })]);
    expect(r).toMatchObject({ ok: true, discount: { goodsCents: 9000 } });
  });

  it('takes an amount off, at most what the covered prints cost', () => {
    expect(discountFor(rule({ kind: 'amount', amountOffCents: 500 }), [line({})])).toMatchObject({
      discount: { goodsCents: 500 },
    });
    expect(
      discountFor(rule({ kind: 'amount', amountOffCents: 99_999 }), [line({ priceCents: 4500 })]),
    ).toMatchObject({
      discount: { goodsCents: 4500 },
    });
  });

  it('free shipping takes off the covered lines shipping, not the prints', () => {
    const lines = [line({ photoId: 1, shippingCents: 800 }), line({ photoId: 2, shippingCents: 1200 })];
    expect(discountFor(rule({ kind: 'free_shipping' }), lines)).toMatchObject({
      discount: { goodsCents: 0, shippingCents: 2000, perLineShippingCents: [800, 1200] },
    });
    expect(discountFor(rule({ kind: 'free_shipping', photoIds: [2] }), lines)).toMatchObject({
      discount: { shippingCents: 1200, perLineShippingCents: [0, 1200] },
    });
  });

  it('refuses a cart under the minimum subtotal, with the minimum in the message', () => {
    const r = discountFor(rule({ minSubtotalCents: 10_000 }), [line({ priceCents: 4500, quantity: 2 })]);
    expect(r).toEqual({ ok: false, message: 'This promotion code needs a subtotal of at least $100.00.' });
    expect(discountFor(rule({ minSubtotalCents: 9000 }), [line({ priceCents: 4500, quantity: 2 })]).ok).toBe(
      true,
    );
  });

  it('covers only the photos and formats it is limited to, and refuses a cart with none of them', () => {
    const lines = [
      line({ photoId: 1, priceCents: 1000 }),
      line({ photoId: 2, priceCents: 3000, format: 'Canvas' }),
    ];
    expect(discountFor(rule({ percentOff: 50, photoIds: [2] }), lines)).toMatchObject({
      discount: { goodsCents: 1500, perLineGoodsCents: [0, 1500] },
    });
    expect(discountFor(rule({ percentOff: 50, formats: ['canvas'] }), lines)).toMatchObject({
      discount: { goodsCents: 1500 },
    });
    expect(discountFor(rule({ photoIds: [9] }), lines)).toEqual({
      ok: false,
      message: 'This promotion code does not apply to the prints in your cart.',
    });
  });

  it('splits a discount over lines in whole cents that add up', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(667, [3333, 0])).toEqual([667, 0]);
    const shares = splitCents(1001, [4500, 2999, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
  });

  it('describes a code as the buyer reads it', () => {
    expect(describeRule(rule({ percentOff: 20 }))).toBe('20% off');
    expect(describeRule(rule({ kind: 'amount', amountOffCents: 500, minSubtotalCents: 5000 }))).toBe(
      '$5.00 off, orders of $50.00 or more',
    );
    expect(describeRule(rule({ kind: 'free_shipping', formats: ['Canvas'] }))).toBe('Free shipping (Canvas)');
  });
});
