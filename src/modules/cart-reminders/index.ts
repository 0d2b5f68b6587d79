import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { DayRange } from '../../contract';
import type { CartModule } from '../cart';
import { createCartRemindersRepository } from './cart-reminders.repository';
import { createCartRemindersRoutes, createReminderStopRoutes } from './cart-reminders.routes';
import { createCartRemindersService } from './cart-reminders.service';
import { createReminderDelivery } from './reminder-delivery';
import { createReminderHashes } from './reminder-tokens';

export { cartRemindersEndpoints } from './cart-reminders.routes';

/**
 * A cart reminder (issue 49), only with the buyer's consent (the checkout's box): one e-mail per
 * cart after the owner's delay, never once the cart is paid, with a link that puts the cart back
 * and one that stops reminders to the address. Owns cart_reminder_settings, cart_reminders,
 * cart_reminder_stops.
 */
export function createCartRemindersModule(
  ctx: AppContext,
  deps: { cart: CartModule; events: DomainEventBus; jobs: AppJobRegistry },
) {
  const repo = createCartRemindersRepository(ctx.db);
  const hashes = createReminderHashes(ctx.config.sessionSecret);
  const delivery = createReminderDelivery(ctx, {
    repo,
    hashes,
    pricedCart: (cartId) => deps.cart.service.getPricedCart(cartId),
  });
  const service = createCartRemindersService({
    repo,
    hashes,
    delivery,
    cart: deps.cart.service,
    timeZone: ctx.config.SHOP_TIME_ZONE,
  });
  // In the payment's transaction: a reminder claimed after this commit finds its cart paid.
  deps.events.subscribe(
    'order.paid',
    'cart-reminders.close',
    async ({ orderId, cartId }, { trx }) => {
      if (cartId) await repo.orderPaid(trx, cartId, orderId);
    },
    { inTransaction: true },
  );
  deps.jobs.handle('cart-reminders', 'send-reminder', ({ reminderId }) => delivery.send(reminderId));

  const module = {
    /** Carts paid after their reminder was sent, in a range of the shop's days (the Numbers screen). */
    recoveredCount: (range: DayRange): Promise<number> => service.recoveredCount(range),
    /** The maintenance sweep: due reminders whose job was lost are queued (workers/maintenance.worker.ts). */
    sweep: () => delivery.sweep(),
    endpoints: () => createCartRemindersRoutes(ctx, service),
    rootRoutes: () => createReminderStopRoutes(ctx, service),
  };
  return module satisfies HttpModule;
}
export type CartRemindersModule = ReturnType<typeof createCartRemindersModule>;
