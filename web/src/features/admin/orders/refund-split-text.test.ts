import { describe, expect, it } from 'vitest';
import { refundSplitText } from './refund-dialog';

// Issue 47: the owner sees where a refund of an order paid partly by gift card goes before she
// confirms it, split as the server splits it.
const refundTo = {
  card: { paid: 30, left: 30 },
  tenders: [{ label: 'gift card ••••7XKQ', paid: 20, left: 20 }],
};

describe('refundSplitText', () => {
  it('names the card part and each gift card part', () => {
    expect(refundSplitText(50, refundTo)).toBe('$30.00 back to the card, $20.00 back to gift card ••••7XKQ');
    expect(refundSplitText(10, refundTo)).toBe('$6.00 back to the card, $4.00 back to gift card ••••7XKQ');
  });
  it('all to the gift card when the card has had all of its part back', () => {
    expect(refundSplitText(20, { ...refundTo, card: { paid: 30, left: 0 } })).toBe(
      '$20.00 back to gift card ••••7XKQ',
    );
  });
  it('says nothing for an order without gift cards, or an amount over what is left', () => {
    expect(refundSplitText(50, { card: { paid: 50, left: 50 }, tenders: [] })).toBeNull();
    expect(refundSplitText(50.01, refundTo)).toBeNull();
    expect(refundSplitText(0, refundTo)).toBeNull();
  });
});
