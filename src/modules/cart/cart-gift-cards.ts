import { badRequest } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import { shopLocalToInstant } from '../../platform/shop-time';
import {
  GIFT_CARD_MAX_SEND_DAYS,
  giftCardMessages,
  type AddGiftCardInput,
  type CartGiftCardLine,
  type GiftCardLineDetails,
} from '../../contract';
import type { CartItem } from './cart.model';

/**
 * A gift card for someone (issue 47): bought once, never shipped, never taxed, never discounted by
 * a promotion code and never paid with a gift card (its price is money she will owe).
 */
export type PricedGiftCardLine = CartGiftCardLine & {
  kind: 'gift_card';
  photoId: number;
  quantity: 1;
  price: number;
  priceCents: number;
  shippingCents: 0;
  taxable: false;
};

type PhotoFacts = { id: number; title: string; thumbnailUrl: string };

/**
 * What the cart needs of gift cards (issue 47; the gift-cards module's answer through src/modules.ts,
 * not imported: gift-cards depends on orders, which depends on the cart).
 */
export type GiftCardLookup = {
  /** Whether she sells gift cards now (her switch). */
  enabled(): Promise<boolean>;
  /**
   * The photo's public facts when a card may show it: one she offers for cards (any public photo
   * while she has picked none), and public; else null.
   */
  photo(photoId: number): Promise<PhotoFacts | null>;
};

/** A minute's grace: "now" picked in the form is a few seconds past by the time it arrives. */
const PAST_GRACE_MS = 60_000;

/**
 * The line's stored choices from the buyer's input: the send time read in the shop's zone and
 * checked against now (not past, at most GIFT_CARD_MAX_SEND_DAYS ahead; else 400).
 */
export function giftCardDetails(
  input: AddGiftCardInput,
  zone: string,
  now = new Date(),
): GiftCardLineDetails {
  let sendAt: string | null = null;
  if (input.sendAt !== null) {
    const at = shopLocalToInstant(input.sendAt, zone);
    const latest = now.getTime() + GIFT_CARD_MAX_SEND_DAYS * 86_400_000;
    if (!at || at.getTime() < now.getTime() - PAST_GRACE_MS || at.getTime() > latest)
      throw badRequest(giftCardMessages.sendAt, { sendAt: giftCardMessages.sendAt });
    sendAt = at.toISOString();
  }
  return {
    amountCents: toCents(input.amount),
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    senderName: input.senderName || null,
    message: input.message,
    sendAt,
  };
}

/** The picture a new card may show, or 400 (not offered, not public, or cards not sold now). */
export async function giftCardPhoto(lookup: GiftCardLookup, photoId: number): Promise<PhotoFacts> {
  const photo = (await lookup.enabled()) ? await lookup.photo(photoId) : null;
  if (!photo) throw badRequest(giftCardMessages.photo, { photoId: giftCardMessages.photo });
  return photo;
}

/** The cart's gift card lines priced at their amounts; a line whose picture is no longer offered goes to `gone`. */
export async function pricedGiftCards(
  rows: CartItem[],
  lookup: GiftCardLookup,
  gone: number[],
): Promise<PricedGiftCardLine[]> {
  const enabled = await lookup.enabled();
  const photos = new Map(
    await Promise.all(
      [...new Set(rows.map((r) => r.photoId))].map(
        async (id) => [id, enabled ? await lookup.photo(id) : null] as const,
      ),
    ),
  );
  const lines: PricedGiftCardLine[] = [];
  for (const row of rows) {
    const photo = photos.get(row.photoId);
    const card = row.giftCard;
    if (!photo || !card) {
      gone.push(row.id);
      continue;
    }
    lines.push({
      kind: 'gift_card',
      id: row.id,
      photoId: row.photoId,
      photo,
      amount: toDollars(card.amountCents),
      price: toDollars(card.amountCents),
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      senderName: card.senderName,
      message: card.message,
      sendAt: card.sendAt,
      addedAt: new Date(row.addedAt).toISOString(),
      quantity: 1,
      priceCents: card.amountCents,
      shippingCents: 0,
      taxable: false,
    });
  }
  return lines;
}

/** A gift card line as the cart's answer shows it. */
export const giftCardWire = (line: PricedGiftCardLine): CartGiftCardLine => ({
  id: line.id,
  amount: line.amount,
  photo: line.photo,
  recipientName: line.recipientName,
  recipientEmail: line.recipientEmail,
  senderName: line.senderName,
  message: line.message,
  sendAt: line.sendAt,
  addedAt: line.addedAt,
});
