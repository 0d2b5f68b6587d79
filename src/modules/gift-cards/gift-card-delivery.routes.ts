import { z } from 'zod';
import { giftCardRecipientSchema } from '../../contract';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import type { GiftCardDelivery } from './gift-card-delivery';

const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;
export const RECIPIENT_CHANGED = 'The gift card will be sent to the new address.';

export const giftCardDeliveryEndpoints = {
  // the buyer's order page (by its token): the recipient's e-mail, while the card is unsent
  changeGiftCardRecipient: {
    method: 'POST',
    path: '/api/orders/by-token/:token/gift-cards/:lineId/recipient',
    auth: 'public',
    session: false,
    cache: 'no-store',
    params: { lineId: 'order line id' },
    body: giftCardRecipientSchema,
    invalid: 'recipient',
    answer: z.object({ message: z.string() }),
    contract: 'POST /api/orders/by-token/{token}/gift-cards/{lineId}/recipient',
  },
} satisfies Record<string, EndpointSpec>;

export function createGiftCardDeliveryRoutes(ctx: AppContext, delivery: GiftCardDelivery) {
  // it decides where a card's code is e-mailed: as throttled as the licences' fresh link
  const limit = createRateLimit(ctx, 'gift-card-recipient', {
    windowMs: 10 * 60 * 1000,
    limit: 5,
    message: 'Too many changes of the recipient. Please wait a few minutes and try again.',
  });
  return bindEndpoints(giftCardDeliveryEndpoints, {
    changeGiftCardRecipient: {
      before: [limit],
      handle: async (req, res, { params, body }) => {
        const token = String(req.params.token);
        if (!TOKEN.test(token)) throw notFound('That gift card is not on this order.');
        await delivery.changeRecipient(token, params.lineId, body.recipientEmail);
        res.json({ message: RECIPIENT_CHANGED });
      },
    },
  });
}
