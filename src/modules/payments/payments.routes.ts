import express from 'express';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { createRouter } from '../../platform/http/async-route';
import { noStore } from '../../platform/http/guards';
import { createRateLimit } from '../../platform/http/rate-limit';
import { parse, parseId } from '../../platform/http/validate';
import { sessionOwnsOrder } from '../orders';
import type { PaymentsService } from './payments.service';
import {
  createPaymentIntentSchema,
  paymentMessages,
  refundSchema,
  statusQuerySchema,
  testConfirmSchema,
} from '../../contract';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Mounted at /api. */
export function createPaymentsRoutes(ctx: AppContext, service: PaymentsService) {
  const router = createRouter();
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
 * Mounted at /api/webhooks before any body parser and before the same-origin check: the provider
 * verifies the raw body's signature, and the 200 goes out only after the event is stored.
 */
export function createWebhookRoutes(service: PaymentsService) {
  const router = createRouter();
  router.post('/stripe', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await service.receiveWebhook('stripe', body, req.get('stripe-signature'));
    req.log?.info(result, 'stripe webhook');
    res.json({ received: true });
  });
  return router;
}

/** Mounted at /api/admin behind the admin guard: refunds. */
export function createPaymentsAdminRoutes(service: PaymentsService) {
  const router = createRouter();
  router.post('/orders/:id/refunds', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const id = parseId(req.params.id);
    const input = parse(refundSchema, req.body, 'refund');
    res.status(201).json(await service.refund(id, input));
  });
  return router;
}
