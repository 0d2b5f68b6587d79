import express from 'express';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/http/app-error';
import { createRouter } from '../../../platform/http/async-route';
import { bindEndpoints, type EndpointSpec } from '../../../platform/http/endpoint';
import { createRateLimit } from '../../../platform/http/rate-limit';
import { sessionOwnsOrder } from '../order-session';
import type { PaymentsService } from './payments.service';
import {
  createPaymentIntentSchema,
  orderPaymentStatusSchema,
  paymentIntentSchema,
  paymentMessages,
  statusQuerySchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '../../../contract';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

// The visitor's payment for the order it placed: never stored anywhere.
const payment = { auth: 'public', cache: 'no-store' } as const;

export const paymentsEndpoints = {
  // Only the visitor session that placed the order may pay for it (order ids are sequential).
  createPaymentIntent: {
    ...payment,
    method: 'POST',
    path: '/api/create-payment-intent',
    session: true,
    body: createPaymentIntentSchema,
    invalid: 'payment request',
    answer: paymentIntentSchema,
    contract: 'POST /api/create-payment-intent',
  },
  // The test provider's card form: the client secret is the key.
  confirmTestPayment: {
    ...payment,
    method: 'POST',
    path: '/api/test-payments/confirm',
    session: false,
    body: testConfirmSchema,
    invalid: 'card details',
    answer: testConfirmResultSchema,
    contract: 'POST /api/test-payments/confirm',
  },
  // Checkout waits for the payment here; the client secret is the key.
  status: {
    ...payment,
    method: 'GET',
    path: '/api/orders/:id/status',
    session: false,
    params: { id: 'id' },
    query: statusQuerySchema,
    invalid: 'status request',
    answer: orderPaymentStatusSchema,
    contract: 'GET /api/orders/{id}/status?secret=clientSecret',
  },
} satisfies Record<string, EndpointSpec>;

export function createPaymentsRoutes(ctx: AppContext, service: PaymentsService) {
  return bindEndpoints(paymentsEndpoints, {
    createPaymentIntent: {
      before: [
        // before the order is looked for: a shop that takes no orders says so to anyone
        (_req, _res, next) => {
          service.assertTakingOrders();
          next();
        },
        createRateLimit(ctx, 'payment-intent', {
          windowMs: FIFTEEN_MINUTES,
          limit: 60,
          message: 'Too many payment attempts. Please wait a few minutes and try again.',
        }),
      ],
      handle: async (req, res, { body }) => {
        if (!sessionOwnsOrder(req.session, body.orderId)) throw notFound(paymentMessages.orderNotFound);
        res.json(await service.createPaymentIntent(body.orderId, body.amount));
      },
    },
    confirmTestPayment: {
      before: [
        // only with the test provider; otherwise there is no such route (404)
        (_req, _res, next) => next(service.providerName() === 'test' ? undefined : 'router'),
        createRateLimit(ctx, 'test-payments', {
          windowMs: FIFTEEN_MINUTES,
          limit: 30,
          message: 'Too many payment attempts. Please wait a few minutes and try again.',
        }),
      ],
      handle: async (_req, res, { body }) => {
        res.json(await service.confirmTestPayment(body));
      },
    },
    status: async (_req, res, { params, query }) => {
      const status = await service.statusForSecret(params.id, query.secret);
      if (!status) throw notFound(paymentMessages.orderNotFound);
      res.json(status);
    },
  });
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
