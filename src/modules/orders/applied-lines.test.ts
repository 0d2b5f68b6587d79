import { describe, expect, it } from 'vitest';
import { appliedLines, formatTaxRate } from './applied-lines';

const none = {
  promotionCode: null,
  promotionSummary: null,
  taxCents: 0,
  taxState: null,
  taxRate: null,
  taxProvider: null,
} as const;

describe('the tax line', () => {
  it('writes our rate without trailing zeros', () => {
    expect(formatTaxRate(6.5)).toBe('6.5');
    expect(formatTaxRate(8.875)).toBe('8.875');
    expect(formatTaxRate(6)).toBe('6');
    expect(formatTaxRate('6.5000')).toBe('6.5');
    expect(formatTaxRate(0)).toBe('0');
    expect(formatTaxRate(7.0001)).toBe('7.0001');
  });

  it("labels our rates with the state and rate, Stripe Tax's as plain Tax", () => {
    const manual = (taxRate: number) =>
      appliedLines({ ...none, taxCents: 683, taxState: 'DC', taxRate, taxProvider: 'manual' }).taxLine;
    expect(manual(6.5)).toEqual({ state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' });
    expect(manual(8.875)).toEqual({ state: 'DC', rate: '8.875', label: 'Tax (DC 8.875%)' });
    expect(manual(6)).toEqual({ state: 'DC', rate: '6', label: 'Tax (DC 6%)' });
    expect(
      appliedLines({ ...none, taxCents: 412, taxState: 'NY', taxRate: 8.875, taxProvider: 'stripe' }).taxLine,
    ).toEqual({ state: 'NY', rate: null, label: 'Tax' });
  });

  it('is shown for a taxed state even at no tax, and not at all without one', () => {
    expect(
      appliedLines({ ...none, taxCents: 0, taxState: 'DC', taxRate: 0, taxProvider: 'manual' }).taxLine,
    ).toEqual({ state: 'DC', rate: '0', label: 'Tax (DC 0%)' });
    expect(appliedLines(none)).toEqual({ promotion: null, taxLine: null });
  });
});

describe('the promotion', () => {
  it('is the code and what it gave, as the buyer saw them', () => {
    expect(
      appliedLines({ ...none, promotionCode: 'SPRING20', promotionSummary: '20% off' }).promotion,
    ).toEqual({ code: 'SPRING20', summary: '20% off' });
    expect(appliedLines({ ...none, promotionCode: 'SHIPFREE' }).promotion).toEqual({
      code: 'SHIPFREE',
      summary: '',
    });
  });
});
