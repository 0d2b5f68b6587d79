import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import { saveSession } from '../../platform/http/session';
import { rememberOrder } from './order-session';
import type { OrdersService } from './orders.service';
import type { PaymentsService } from './payments/payments.service';
import {
  buyerOrderSchema,
  checkoutQuoteResultSchema,
  checkoutQuoteSchema,
  checkoutResultSchema,
  checkoutSchema,
  fulfillmentSchema,
  orderDetailSchema,
  orderMessages as messages,
  orderListQuerySchema,
  orderSummarySchema,
  refundSchema,
  refundViewSchema,
  statusTokenSchema,
  taxReportQuerySchema,
} from '../../contract';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const ordersEndpoints = {
  // The order is the session's cart, and the session remembers the orders it placed.
  checkout: {
    method: 'POST',
    path: '/api/checkout',
    auth: 'public',
    session: true,
    cache: 'no-store',
    body: checkoutSchema,
    invalid: 'checkout details',
    answer: checkoutResultSchema,
    contract: 'POST /api/checkout',
  },
  // The summary's discount and tax lines before the order is placed (the session's cart).
  quote: {
    method: 'POST',
    path: '/api/checkout/quote',
    auth: 'public',
    session: true,
    cache: 'no-store',
    body: checkoutQuoteSchema,
    invalid: { plain: 'Invalid promotion code or address.' },
    answer: checkoutQuoteResultSchema,
    contract: 'POST /api/checkout/quote',
  },
  // The buyer's order page data: the long random token is the only key; no session, no caching.
  byToken: {
    method: 'GET',
    path: '/api/orders/by-token/:token',
    auth: 'public',
    session: false,
    cache: 'no-store',
    answer: buyerOrderSchema,
    contract: 'GET /api/orders/by-token/{token}',
  },

  list: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders',
    query: orderListQuerySchema,
    invalid: 'filter',
    answer: orderSummarySchema.array(),
    contract: 'GET /api/admin/orders[?fulfillmentStatus=&q=]',
  },
  // Before /orders/:id, so "orders.csv" is never taken for an id.
  csv: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders.csv',
    query: orderListQuerySchema,
    invalid: 'filter',
    answer: 'csv',
    contract: 'GET /api/admin/orders.csv',
  },
  // Before /orders/:id too.
  taxReport: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders/tax-report',
    query: taxReportQuerySchema,
    invalid: 'month',
    answer: 'csv',
    contract: 'GET /api/admin/orders/tax-report?month=YYYY-MM',
  },
  detail: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders/:id',
    params: { id: 'id' },
    answer: orderDetailSchema,
    contract: 'GET /api/admin/orders/{id}',
  },
  setFulfillmentStatus: {
    ...admin,
    method: 'PATCH',
    path: '/api/admin/orders/:id/fulfillment-status',
    params: { id: 'id' },
    body: fulfillmentSchema,
    invalid: 'fulfillment status',
    answer: orderSummarySchema,
    contract: 'PATCH /api/admin/orders/{id}/fulfillment-status',
  },
  // An unpaid order only (its payment intent canceled at the provider); a paid one is refunded.
  cancel: {
    ...admin,
    method: 'POST',
    path: '/api/admin/orders/:id/cancel',
    params: { id: 'id' },
    body: 'none',
    answer: orderSummarySchema,
    contract: 'POST /api/admin/orders/{id}/cancel',
  },
  refund: {
    ...admin,
    method: 'POST',
    path: '/api/admin/orders/:id/refunds',
    params: { id: 'id' },
    body: refundSchema,
    invalid: 'refund',
    answer: refundViewSchema,
    contract: 'POST /api/admin/orders/{id}/refunds',
  },
} satisfies Record<string, EndpointSpec>;

export function createOrdersRoutes(
  ctx: AppContext,
  service: OrdersService,
  payments: Pick<PaymentsService, 'refund'>,
) {
  const limiter = createRateLimit(ctx, 'checkout', {
    windowMs: 15 * 60 * 1000,
    limit: 60,
    message: 'Too many checkout attempts. Please wait a few minutes and try again.',
  });
  // a code or an address typed letter by letter re-prices: more room than checkout, still bounded
  // (with Stripe Tax each quote is a call to Stripe)
  const quoteLimiter = createRateLimit(ctx, 'checkout-quote', {
    windowMs: 15 * 60 * 1000,
    limit: 300,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  });
  return bindEndpoints(ordersEndpoints, {
    quote: {
      before: [quoteLimiter],
      handle: async (req, res, { body }) => {
        // the orders this session placed: a code's use its unpaid one holds is the buyer's
        res.json(await service.quote(body, req.session?.cartId ?? null, req.session?.orderIds));
      },
    },
    taxReport: async (_req, res, { query }) => {
      res.set('Content-Disposition', `attachment; filename="sales-tax-${query.month}.csv"`);
      res.type('text/csv; charset=utf-8').send(await service.taxReport(query.month));
    },
    checkout: {
      // Before the body is read as an order: a shop that takes no orders says so whatever is sent.
      before: [
        (_req, _res, next) => {
          service.assertTakingOrders();
          next();
        },
        limiter,
      ],
      handle: async (req, res, { body }) => {
        // the orders this session placed: a retry of an unpaid one reuses it
        const result = await service.checkout(body, req.session?.cartId ?? null, req.session?.orderIds);
        // Only this visitor session may create the payment for (and poll) the order it placed.
        rememberOrder(req.session, result.orderId);
        if (req.session) await saveSession(req);
        res.status(201).json(result);
      },
    },
    // Kept out of search engines; any other string is a plain 404.
    byToken: async (req, res) => {
      res.set('X-Robots-Tag', 'noindex, nofollow');
      res.set('Referrer-Policy', 'no-referrer');
      const token = statusTokenSchema.safeParse(req.params.token);
      const view = token.success ? await service.byToken(token.data) : null;
      if (!view) throw notFound(messages.orderNotFound);
      res.json(view);
    },

    list: async (_req, res, { query }) => {
      res.json(await service.list(query));
    },
    csv: async (_req, res, { query }) => {
      const csv = await service.csv(query);
      const day = new Date().toISOString().slice(0, 10);
      res.set('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
      res.type('text/csv; charset=utf-8').send(csv);
    },
    detail: async (_req, res, { params }) => {
      res.json(await service.detail(params.id));
    },
    setFulfillmentStatus: async (_req, res, { params, body }) => {
      const { fulfillmentStatus, carrier, trackingNumber } = body;
      res.json(await service.setFulfillmentStatus(params.id, fulfillmentStatus, { carrier, trackingNumber }));
    },
    cancel: async (_req, res, { params }) => {
      res.json(await service.cancel(params.id));
    },
    refund: async (_req, res, { params, body }) => {
      res.status(201).json(await payments.refund(params.id, body));
    },
  });
}
