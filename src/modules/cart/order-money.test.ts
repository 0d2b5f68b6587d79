import { describe, expect, it } from 'vitest';
import { lineSums, orderMoney } from './order-money';

describe('lineSums', () => {
  it('adds price x quantity, and each line’s shipping once whatever its quantity', () => {
    const lines = [
      { priceCents: 9500, quantity: 2, shippingCents: 1500 },
      { priceCents: 4999, quantity: 1, shippingCents: 1005 },
    ];
    expect(lineSums(lines)).toEqual({ subtotalCents: 23999, shippingCents: 2505 });
  });

  it('is zero for no lines', () => {
    expect(lineSums([])).toEqual({ subtotalCents: 0, shippingCents: 0 });
  });
});

describe('orderMoney', () => {
  it('totals in whole cents with no rounding (0.1 + 0.2 dollars stays 30 cents)', () => {
    expect(orderMoney({ subtotalCents: 10, shippingCents: 20 })).toEqual({
      subtotalCents: 10,
      discountCents: 0,
      shippingCents: 20,
      taxCents: 0,
      totalCents: 30,
      tendersCents: 0,
      amountDueCents: 30,
      refundedCents: 0,
      netCents: 30,
    });
  });

  it('takes the discount off and adds tax', () => {
    const money = orderMoney({
      subtotalCents: 20000,
      shippingCents: 1500,
      discountCents: 2000,
      taxCents: 1234,
    });
    expect(money.totalCents).toBe(20000 - 2000 + 1500 + 1234);
    expect(money.netCents).toBe(money.totalCents);
  });

  it('nets out refunds: in part, then in full', () => {
    expect(orderMoney({ subtotalCents: 9500, shippingCents: 1500, refundedCents: 2500 })).toMatchObject({
      totalCents: 11000,
      refundedCents: 2500,
      netCents: 8500,
    });
    expect(orderMoney({ subtotalCents: 9500, shippingCents: 1500, refundedCents: 11000 }).netCents).toBe(0);
  });

  it('reads a stored order row as it is (its total is the same sum)', () => {
    const row = { subtotalCents: 34000, shippingCents: 2250, totalCents: 36250, refundedCents: 0 };
    expect(orderMoney(row).totalCents).toBe(row.totalCents);
  });
});

describe('the amount due (what the payment provider charges)', () => {
  const order = { subtotalCents: 9500, shippingCents: 1500, discountCents: 1000, taxCents: 600 };

  it('is the total while nothing else pays part of the order', () => {
    const money = orderMoney(order);
    expect(money.tendersCents).toBe(0);
    expect(money.amountDueCents).toBe(10600);
    expect(money.amountDueCents).toBe(money.totalCents);
  });

  it('is the total less the tenders, the tax computed before them (a tender is no discount)', () => {
    const money = orderMoney({ ...order, tendersCents: 2500 });
    expect(money).toMatchObject({ discountCents: 1000, taxCents: 600, totalCents: 10600 });
    expect(money.amountDueCents).toBe(8100);
  });

  it('is never negative: a gift card worth more than the order leaves nothing to charge', () => {
    expect(orderMoney({ ...order, tendersCents: 50000 }).amountDueCents).toBe(0);
  });
});
