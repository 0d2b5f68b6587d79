import type { Request } from 'express';
import type { AppContext } from '../../platform/context';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import {
  giftCardBalanceRequestSchema,
  giftCardBalanceSchema,
  giftCardCodeSchema,
  giftCardMessages,
  giftCardOfferSchema,
} from '../../contract';
import type { GiftCardPublicService } from './gift-card-balance';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Wrong tries allowed per visitor, and per card, in 15 minutes (a right one does not count). */
export const BALANCE_TRIES = 10;

export const giftCardsPublicEndpoints = {
  // what the "Gift card" page offers: the same for every visitor, kept until an admin write
  giftCardOffer: {
    method: 'GET',
    path: '/api/gift-cards',
    auth: 'public',
    session: false,
    cache: 'shared',
    answer: giftCardOfferSchema,
    contract: 'GET /api/gift-cards',
  },
  giftCardBalance: {
    method: 'POST',
    path: '/api/gift-cards/balance',
    auth: 'public',
    session: false,
    cache: 'no-store',
    body: giftCardBalanceRequestSchema,
    invalid: { plain: giftCardMessages.code },
    answer: giftCardBalanceSchema,
    contract: 'POST /api/gift-cards/balance',
  },
} satisfies Record<string, EndpointSpec>;

/** The card a try aims at, as far as anyone can name it: its code's last 4 (null: not a code at all). */
function aimedCard(req: Request): string | null {
  const parsed = giftCardCodeSchema.safeParse((req.body as { code?: unknown } | undefined)?.code);
  return parsed.success ? parsed.data.slice(-4) : null;
}

/**
 * Wrong codes are counted per visitor and per card, 10 in 15 minutes each, before the lookup, so
 * past the limit even the right code answers 429: guessing gives nothing. "Per card" is per last 4:
 * the part of a code shown on receipts and order pages, so guessing the rest of one known card from
 * many addresses is limited like guessing from one.
 */
function balanceLimiters(ctx: AppContext) {
  const common = {
    windowMs: FIFTEEN_MINUTES,
    limit: BALANCE_TRIES,
    skipSuccessfulRequests: true,
    message: giftCardMessages.throttled,
  };
  return [
    createRateLimit(ctx, 'gift-card-balance-ip', common),
    createRateLimit(ctx, 'gift-card-balance-card', {
      ...common,
      // not a code (refused before any lookup): counted per visitor only
      skip: (req) => aimedCard(req) === null,
      keyGenerator: (req) => `card:${aimedCard(req)}`,
    }),
  ];
}

export function createGiftCardsPublicRoutes(ctx: AppContext, service: GiftCardPublicService) {
  return bindEndpoints(giftCardsPublicEndpoints, {
    giftCardOffer: async (_req, res) => void res.json(await service.offer()),
    giftCardBalance: {
      before: balanceLimiters(ctx),
      handle: async (_req, res, { body }) => void res.json(await service.balance(body.code)),
    },
  });
}
