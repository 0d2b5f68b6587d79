import { formatCode, newGiftCardCode } from '../../src/modules/gift-cards';
import type { TestApp } from './test-app';

export type IssuedCard = { id: number; code: string; printed: string; last4: string };

/**
 * A card issued by hand through the gift-cards module (its codes and ledger): the card's row and
 * its `issued` entry in one transaction, as the module issues one. Promotional cards may end.
 */
export async function issueGiftCard(
  app: TestApp,
  cents: number,
  opts: { kind?: 'purchased' | 'promotional'; expiresAt?: Date | null } = {},
): Promise<IssuedCard> {
  const { codes, ledger } = app.modules.giftCards;
  const code = newGiftCardCode();
  const last4 = code.slice(-4);
  const id = await app.ctx.db.transaction(async (trx) => {
    const cardId = await ledger.insertCard(trx, {
      codeHash: codes.hash(code),
      codeEncrypted: codes.encrypt(code),
      last4,
      kind: opts.kind ?? 'purchased',
      initialCents: cents,
      expiresAt: opts.expiresAt ?? null,
      photoId: null,
      recipientName: null,
      recipientEmail: null,
      senderName: null,
      message: null,
      sendAt: null,
      orderLineId: null,
    });
    await ledger.addEntry(trx, { giftCardId: cardId, kind: 'issued', amountCents: cents });
    return cardId;
  });
  return { id, code, printed: formatCode(code), last4 };
}

/** The card's ledger as kind and amount, oldest first (optionally one order's entries only). */
export async function entriesOf(app: TestApp, cardId: number, orderId?: number) {
  const rows = await app.modules.giftCards.ledger.entries(cardId);
  return rows
    .filter((r) => orderId === undefined || r.orderId === orderId)
    .map((r) => ({ kind: r.kind, amountCents: r.amountCents }));
}

/** The card's balance in cents (the sum of its entries). */
export const balanceOf = (app: TestApp, cardId: number) => app.modules.giftCards.ledger.balanceOf(cardId);
