import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import { noStore } from '../../platform/http/guards';
import { createRateLimit } from '../../platform/http/rate-limit';
import { saveSession } from '../../platform/http/session';
import { parse, parseId } from '../../platform/http/validate';
import { rememberOrder } from './order-session';
import type { OrdersService } from './orders.service';
import { notFound } from '../../platform/http/app-error';
import {
  checkoutSchema,
  fulfillmentSchema,
  orderMessages as messages,
  orderListQuerySchema,
  statusTokenSchema,
} from '../../contract';

/** Mounted at /api: placing an order. */
export function createCheckoutRoutes(ctx: AppContext, service: OrdersService) {
  const router = createRouter();
  const limiter = createRateLimit(ctx, 'checkout', {
    windowMs: 15 * 60 * 1000,
    limit: 60,
    message: 'Too many checkout attempts. Please wait a few minutes and try again.',
  });

  router.post('/checkout', limiter, async (req, res) => {
    const input = parse(checkoutSchema, req.body, 'checkout details');
    // the orders this session placed: a retry of an unpaid one reuses it
    const result = await service.checkout(input, req.session?.cartId ?? null, req.session?.orderIds);
    // Only this visitor session may create the payment for (and poll) the order it placed.
    rememberOrder(req.session, result.orderId);
    if (req.session) await saveSession(req);
    res.status(201).json(result);
  });

  // The buyer's order page data: the long random token is the only key; no session, no caching,
  // kept out of search engines. Any other string is a plain 404.
  router.get('/orders/by-token/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.set('X-Robots-Tag', 'noindex, nofollow');
    res.set('Referrer-Policy', 'no-referrer');
    const token = statusTokenSchema.safeParse(req.params.token);
    const view = token.success ? await service.byToken(token.data) : null;
    if (!view) throw notFound(messages.orderNotFound);
    res.json(view);
  });

  return router;
}

/** Mounted at /: the page itself is the web app's; this only keeps it out of search engines. */
export function createOrderPageRoutes() {
  const router = createRouter();
  router.get('/orders/:token', (_req, res, next) => {
    res.set('X-Robots-Tag', 'noindex, nofollow');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('Cache-Control', 'no-store');
    next();
  });
  return router;
}

/** Mounted at /api/admin behind the admin guard. */
export function createOrdersAdminRoutes(service: OrdersService) {
  const router = createRouter();
  router.use('/orders', noStore);

  router.get('/orders', async (req, res) => {
    res.json(await service.list(parse(orderListQuerySchema, req.query, 'filter')));
  });

  // Before /orders/:id, so "orders.csv" is never taken for an id.
  router.get('/orders.csv', async (req, res) => {
    const csv = await service.csv(parse(orderListQuerySchema, req.query, 'filter'));
    const day = new Date().toISOString().slice(0, 10);
    res.set('Cache-Control', 'no-store');
    res.set('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
    res.type('text/csv; charset=utf-8').send(csv);
  });

  router.get('/orders/:id', async (req, res) => {
    res.json(await service.detail(parseId(req.params.id)));
  });

  router.patch('/orders/:id/fulfillment-status', async (req, res) => {
    const id = parseId(req.params.id);
    const { fulfillmentStatus, carrier, trackingNumber } = parse(
      fulfillmentSchema,
      req.body,
      'fulfillment status',
    );
    res.json(await service.setFulfillmentStatus(id, fulfillmentStatus, { carrier, trackingNumber }));
  });

  return router;
}
