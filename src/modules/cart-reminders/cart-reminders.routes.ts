import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import { saveSession } from '../../platform/http/session';
import {
  cartReminderConsentSchema,
  cartReminderMessages as messages,
  cartReminderSettingsInputSchema,
  cartReminderSettingsSchema,
  cartReminderStateSchema,
} from '../../contract';
import type { CartRemindersService } from './cart-reminders.service';
import { sendMessagePage } from '../../platform/http/message-page';

const visitor = { auth: 'public', session: true, cache: 'no-store' } as const;
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const cartRemindersEndpoints = {
  // the checkout's box: offered (her switch) and ticked for this cart
  cartReminderState: {
    ...visitor,
    method: 'GET',
    path: '/api/cart/reminder',
    answer: cartReminderStateSchema,
    contract: 'GET/POST /api/cart/reminder',
  },
  cartReminderConsent: {
    ...visitor,
    method: 'POST',
    path: '/api/cart/reminder',
    body: cartReminderConsentSchema,
    invalid: { plain: messages.email },
    answer: cartReminderStateSchema,
    contract: 'GET/POST /api/cart/reminder',
  },
  // the e-mail's link: the lines back in this visitor's cart, then the checkout (a 303)
  restoreCart: {
    ...visitor,
    method: 'GET',
    path: '/api/cart-reminders/restore/:token',
    answer: z.object({}),
    contract: 'GET /api/cart-reminders/restore/{token}',
  },
  reminderSettings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/cart-reminders/settings',
    answer: cartReminderSettingsSchema,
    contract: 'GET/PUT /api/admin/cart-reminders/settings',
  },
  saveReminderSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/cart-reminders/settings',
    body: cartReminderSettingsInputSchema,
    invalid: { plain: 'Invalid settings' },
    answer: cartReminderSettingsSchema,
    contract: 'GET/PUT /api/admin/cart-reminders/settings',
  },
} satisfies Record<string, EndpointSpec>;

export function createCartRemindersRoutes(ctx: AppContext, service: CartRemindersService) {
  // a public write that stores an address: throttled like the other public posts
  const limit = createRateLimit(ctx, 'cart-reminder', {
    windowMs: 15 * 60 * 1000,
    limit: 30,
    message: messages.throttled,
  });
  return bindEndpoints(cartRemindersEndpoints, {
    cartReminderState: async (req, res) => void res.json(await service.state(req.session?.cartId)),
    cartReminderConsent: {
      before: [limit],
      handle: async (req, res, { body }) => void res.json(await service.consent(req.session?.cartId, body)),
    },
    restoreCart: async (req, res) => {
      const cartId = await service.restore(String(req.params.token), req.session.cartId);
      if (!cartId)
        return sendMessagePage(res, 404, {
          siteName: ctx.config.SITE_NAME,
          title: 'This link does not work',
          message: 'This reminder link is not known here. Your cart may still be waiting in the shop.',
        });
      if (req.session.cartId !== cartId) {
        req.session.cartId = cartId;
        await saveSession(req);
      }
      res.redirect(303, '/checkout');
    },
    reminderSettings: async (_req, res) => void res.json(await service.settings()),
    saveReminderSettings: async (_req, res, { body }) => void res.json(await service.saveSettings(body)),
  });
}

/**
 * `/cart-reminders/stop/{token}`: the e-mail's visible link shows a page with one button (a link
 * opened by a mail scanner stops nothing); the button, and a mail client's one-click
 * List-Unsubscribe-Post (RFC 8058: cross-site, without a session), POST here and stop.
 */
export function createReminderStopRoutes(ctx: AppContext, service: CartRemindersService): Router {
  const router = Router();
  const site = ctx.config.SITE_NAME;
  router.get('/cart-reminders/stop/:token', (req, res) =>
    sendMessagePage(res, 200, {
      siteName: site,
      title: 'Stop cart reminders?',
      message: 'We will not e-mail this address about a cart again.',
      button: {
        action: `/cart-reminders/stop/${encodeURIComponent(String(req.params.token))}`,
        label: 'Stop reminders',
      },
    }),
  );
  router.post('/cart-reminders/stop/:token', async (req, res, next) => {
    try {
      const stopped = await service.stop(String(req.params.token));
      sendMessagePage(res, stopped ? 200 : 404, {
        siteName: site,
        title: stopped ? 'Reminders stopped' : 'This link does not work',
        message: stopped
          ? 'You will get no more cart reminders from us.'
          : 'This link is not known here. No reminder will be sent without your consent.',
      });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
