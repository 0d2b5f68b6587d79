import { setTimeout as sleep } from 'node:timers/promises';
import {
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MIN_DOLLARS,
  giftCardMessages,
  type GiftCardBalance,
  type GiftCardOffer,
} from '../../contract';
import { badRequest } from '../../platform/http/app-error';
import type { CatalogModule } from '../catalog';
import type { GiftCardCodes } from './gift-card-codes';
import type { LedgerRepository } from './gift-card-ledger.repository';
import type { OfferRepository } from './gift-card-offer.repository';

/** Without a pick of hers, a card may show the portfolio's first photos: this many. */
export const DEFAULT_OFFER_PHOTOS = 6;

/**
 * Every balance answer, found or not, takes at least this long: the lookup (an HMAC and one indexed
 * read) is a few milliseconds either way, so padding both to the same floor leaves nothing to time.
 */
export const BALANCE_ANSWER_MS = 250;

/**
 * What a visitor reads of gift cards: the "Gift card" page's offer and a code's balance. Only a
 * code's hash is looked up; the answer names the card by its last 4 only.
 */
export function createGiftCardPublicService(deps: {
  offers: OfferRepository;
  ledger: LedgerRepository;
  codes: GiftCardCodes;
  catalog: CatalogModule;
  timeZone: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function offer(): Promise<GiftCardOffer> {
    const [settings, picked, photos] = await Promise.all([
      deps.offers.settings(),
      deps.offers.photoIds(),
      deps.catalog.service.listPhotos(),
    ]);
    // only public photos: one she picked and later archived or made a draft is left out
    const byId = new Map(photos.map((p) => [p.id, p]));
    const chosen = picked.length
      ? picked.flatMap((id) => byId.get(id) ?? [])
      : photos.slice(0, DEFAULT_OFFER_PHOTOS);
    return {
      enabled: settings.enabled,
      amounts: settings.amountsCents.map((c) => c / 100),
      min: GIFT_CARD_MIN_DOLLARS,
      max: GIFT_CARD_MAX_DOLLARS,
      photos: chosen.map((p) => ({ id: p.id, title: p.title, thumbnailUrl: p.thumbnailUrl })),
      timeZone: deps.timeZone,
    };
  }

  async function lookUp(code: string): Promise<GiftCardBalance | null> {
    const card = await deps.ledger.findByCodeHash(deps.codes.hash(code));
    if (!card) return null;
    const base = { last4: card.last4, expiresAt: card.expiresAt?.toISOString() ?? null };
    if (card.voidedAt) return { ...base, balance: 0, status: 'voided' };
    // expired credit can no longer be spent: nothing is left to spend
    if (card.expiresAt && card.expiresAt <= now()) return { ...base, balance: 0, status: 'expired' };
    return { ...base, balance: (await deps.ledger.balanceOf(card.id)) / 100, status: 'active' };
  }

  /** A normalised code's balance; an unknown code is a 400 `giftCardMessages.unknown`, as slow as a known one. */
  async function balance(code: string): Promise<GiftCardBalance> {
    const started = performance.now();
    const found = await lookUp(code).finally(() =>
      sleep(Math.max(0, BALANCE_ANSWER_MS - (performance.now() - started))),
    );
    if (!found) throw badRequest(giftCardMessages.unknown, { code: giftCardMessages.unknown });
    return found;
  }

  return { offer, balance };
}
export type GiftCardPublicService = ReturnType<typeof createGiftCardPublicService>;
