import { describe, expect, it } from 'vitest';
import { addGiftCardSchema, giftCardCodeSchema, giftCardMessages } from '../../src/contract';
import {
  GIFT_CARD_MESSAGES,
  chosenAmount,
  validateGiftCard,
  type GiftCardValues,
} from '../../web/src/features/storefront/gift-card-validation';
import { normaliseGiftCardCode } from '../../web/src/features/checkout/gift-card-codes';
import { localNow, sendsText, zoneLabel } from '../../web/src/lib/gift-cards';

// The gift card form's client rules (issue 47) say what the server says, word for word, and refuse
// what the server's schema refuses.

const good: GiftCardValues = {
  amountChoice: '50',
  otherAmount: '',
  photoId: '3',
  recipientName: 'Ann Lee',
  recipientEmail: 'ann@example.com',
  senderName: '',
  message: '',
  when: 'now',
  sendAt: '',
};
const NOW = '2026-12-08T09:30';

describe('the gift card form', () => {
  it("uses the server's messages word for word", () => {
    expect(GIFT_CARD_MESSAGES).toEqual({
      amount: giftCardMessages.amount,
      photo: giftCardMessages.photo,
      recipientName: giftCardMessages.recipientName,
      recipientEmail: giftCardMessages.recipientEmail,
      message: giftCardMessages.message,
      sendAt: giftCardMessages.sendAt,
    });
  });

  it('accepts what the server accepts, and flags each field the server would refuse', () => {
    expect(validateGiftCard(good, NOW)).toEqual({});
    const body = {
      amount: chosenAmount(good),
      photoId: 3,
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
    };
    expect(addGiftCardSchema.safeParse(body).success).toBe(true);
    for (const otherAmount of ['5', '500.01', '12.345', 'ten', ''])
      expect(validateGiftCard({ ...good, amountChoice: 'other', otherAmount }, NOW)).toEqual({
        amount: giftCardMessages.amount,
      });
    expect(chosenAmount({ amountChoice: 'other', otherAmount: '$12.50' })).toBe(12.5);
    expect(
      validateGiftCard(
        { ...good, photoId: '', recipientName: ' ', recipientEmail: 'ann@', message: 'x'.repeat(501) },
        NOW,
      ),
    ).toEqual({
      photoId: giftCardMessages.photo,
      recipientName: giftCardMessages.recipientName,
      recipientEmail: giftCardMessages.recipientEmail,
      message: giftCardMessages.message,
    });
  });

  it('asks for a send date from now on, in the shop zone', () => {
    const on = (sendAt: string) => validateGiftCard({ ...good, when: 'date', sendAt }, NOW);
    expect(on('2026-12-24T08:00')).toEqual({});
    expect(on('2026-12-08T09:29')).toEqual({ sendAt: giftCardMessages.sendAt });
    expect(on('')).toEqual({ sendAt: giftCardMessages.sendAt });
    expect(localNow('America/New_York', new Date('2026-12-08T14:30:00Z'))).toBe('2026-12-08T09:30');
    expect(zoneLabel('America/New_York')).toBe('Washington, DC time');
    expect(zoneLabel('Europe/Paris')).toBe('Paris time');
    expect(sendsText(null, 'America/New_York')).toBe('Sends when paid');
    expect(sendsText(`${new Date().getUTCFullYear()}-12-24T13:00:00Z`, 'America/New_York')).toBe(
      'Sends Dec 24, 8:00 AM',
    );
  });

  it("reads a typed code as the server's schema does", () => {
    for (const typed of ['abcd-efgh-jkmn-7xkq', ' ABCD EFGH JKMN 7XKQ ', 'abcdefghjkmn7xkq'])
      expect(normaliseGiftCardCode(typed)).toBe(giftCardCodeSchema.parse(typed));
  });
});
