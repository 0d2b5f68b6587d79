import type { RequestHandler } from 'express';
import type { AppContext } from '../../platform/context';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import {
  newsletterMessages as messages,
  newsletterSubscribeResultSchema,
  newsletterSubscribeSchema,
} from '../../contract';
import type { SubscriptionsService } from './subscriptions.service';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Sign-ups per visitor, counted before validation (junk is throttled too); one limiter for the
 * JSON endpoint and the footer's form post.
 */
export function createSubscribeLimit(ctx: AppContext): RequestHandler {
  return createRateLimit(ctx, 'newsletter-subscribe', {
    windowMs: TEN_MINUTES,
    limit: 5,
    message: messages.tooMany,
  });
}

export const newsletterPublicEndpoints = {
  subscribe: {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    auth: 'public',
    session: false,
    cache: 'no-store',
    body: newsletterSubscribeSchema,
    invalid: { plain: messages.email },
    answer: newsletterSubscribeResultSchema,
    contract: 'POST /api/newsletter/subscribe',
  },
} satisfies Record<string, EndpointSpec>;

export function createNewsletterPublicRoutes(service: SubscriptionsService, limit: RequestHandler) {
  return bindEndpoints(newsletterPublicEndpoints, {
    subscribe: {
      before: [limit],
      // the same answer whatever the address's state: no one learns who is subscribed
      handle: async (_req, res, { body }) => {
        await service.subscribe(body);
        res.status(202).json({ message: messages.subscribed });
      },
    },
  });
}
