import { describe, expect, it } from 'vitest';
import { refundRoom, splitRefund } from './refund-split';

describe('splitRefund', () => {
  const card = { paidCents: 3000, leftCents: 3000 };
  const gift = { paidCents: 2000, leftCents: 2000 };

  it('splits in proportion to what each paid, the card part rounded', () => {
    expect(splitRefund(5000, card, [gift])).toEqual({ cardCents: 3000, tenderCents: [2000] });
    expect(splitRefund(1000, card, [gift])).toEqual({ cardCents: 600, tenderCents: [400] });
    expect(splitRefund(1, card, [gift])).toEqual({ cardCents: 1, tenderCents: [0] });
    expect(splitRefund(333, card, [gift])).toEqual({ cardCents: 200, tenderCents: [133] });
  });

  it('never returns more to one than it paid less what it got back; the other takes the rest', () => {
    expect(splitRefund(2500, { paidCents: 3000, leftCents: 500 }, [gift])).toEqual({
      cardCents: 500,
      tenderCents: [2000],
    });
    expect(splitRefund(3000, card, [{ paidCents: 2000, leftCents: 100 }])).toEqual({
      cardCents: 2900,
      tenderCents: [100],
    });
    expect(splitRefund(5001, card, [gift])).toBeNull();
    expect(refundRoom(card, [gift])).toBe(5000);
  });

  it('fills the tenders one after another', () => {
    const two = [
      { paidCents: 1000, leftCents: 1000 },
      { paidCents: 1000, leftCents: 1000 },
    ];
    expect(splitRefund(1500, { paidCents: 0, leftCents: 0 }, two)).toEqual({
      cardCents: 0,
      tenderCents: [1000, 500],
    });
  });

  it('an order without tenders: all to the card', () => {
    expect(splitRefund(1234, { paidCents: 5000, leftCents: 5000 }, [])).toEqual({
      cardCents: 1234,
      tenderCents: [],
    });
  });
});
