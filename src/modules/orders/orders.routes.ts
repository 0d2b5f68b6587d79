import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import { createRateLimit } from '../../platform/http/rate-limit';
import { saveSession } from '../../platform/http/session';
import { parse, parseId } from '../../platform/http/validate';
import { rememberOrder } from './order-session';
import type { OrdersService } from './orders.service';
import { checkoutSchema, fulfillmentSchema, orderListQuerySchema } from './orders.schemas';

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
    const result = await service.checkout(input, req.session?.cartId ?? null);
    // Only this visitor session may create the payment for (and poll) the order it placed.
    rememberOrder(req.session, result.orderId);
    if (req.session) await saveSession(req);
    res.status(201).json(result);
  });

  return router;
}

/** Mounted at /api/admin behind the admin guard. */
export function createOrdersAdminRoutes(service: OrdersService) {
  const router = createRouter();
  router.use('/orders', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

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
    const { fulfillmentStatus } = parse(fulfillmentSchema, req.body, 'fulfillment status');
    res.json(await service.setFulfillmentStatus(id, fulfillmentStatus));
  });

  return router;
}
