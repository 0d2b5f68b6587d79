import express from 'express';
import type Stripe from 'stripe';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/http/app-error';
import { createRouter } from '../../platform/http/async-route';
import { createRateLimit } from '../../platform/http/rate-limit';
import { parse, parseId } from '../../platform/http/validate';
import { sessionOwnsOrder } from '../orders';
import { paymentMessages, type PaymentsService } from './payments.service';
import { createPaymentIntentSchema, statusQuerySchema, testConfirmSchema } from './payments.schemas';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Mounted at /api. */
export function createPaymentsRoutes(ctx: AppContext, service: PaymentsService) {
  const router = createRouter();
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  router.post(
    '/create-payment-intent',
    noStore,
    createRateLimit(ctx, 'payment-intent', {
      windowMs: FIFTEEN_MINUTES,
      limit: 60,
      message: 'Too many payment attempts. Please wait a few minutes and try again.',
    }),
    async (req, res) => {
      const { orderId, amount } = parse(createPaymentIntentSchema, req.body, 'payment request');
      // Only the visitor session that placed the order may pay for it (order ids are sequential).
      if (!sessionOwnsOrder(req.session, orderId)) throw notFound(paymentMessages.orderNotFound);
      res.json(await service.createPaymentIntent(orderId, amount));
    },
  );

  router.post(
    '/test-payments/confirm',
    noStore,
    (_req, _res, next) => next(service.providerName() === 'test' ? undefined : 'router'),
    createRateLimit(ctx, 'test-payments', {
      windowMs: FIFTEEN_MINUTES,
      limit: 30,
      message: 'Too many payment attempts. Please wait a few minutes and try again.',
    }),
    async (req, res) => {
      const input = parse(testConfirmSchema, req.body, 'card details');
      res.json(await service.confirmTestPayment(input));
    },
  );

  router.get('/orders/:id/status', noStore, async (req, res) => {
    const id = parseId(req.params.id);
    const { secret } = parse(statusQuerySchema, req.query, 'status request');
    const status = await service.statusForSecret(id, secret);
    if (!status) throw notFound(paymentMessages.orderNotFound);
    res.json(status);
  });

  return router;
}

/**
 * Mounted at /api/webhooks before any body parser and before the same-origin check: the raw body
 * is verified against STRIPE_WEBHOOK_SECRET, and the 200 goes out only after the event is stored.
 */
export function createWebhookRoutes(ctx: AppContext, service: PaymentsService, stripe: Stripe) {
  const router = createRouter();
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  router.post('/stripe', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    if (!secret) throw notFound('Stripe webhooks are not configured.');
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw badRequest('Missing Stripe signature.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      req.log?.warn('stripe webhook with an invalid signature');
      throw badRequest('Invalid Stripe signature.');
    }
    const { recorded } = await service.recordStripeEvent(event);
    req.log?.info({ eventId: event.id, type: event.type, recorded }, 'stripe webhook');
    res.json({ received: true });
  });
  return router;
}
