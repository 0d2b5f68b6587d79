import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import { shopLocalToInstant } from '../../platform/shop-time';
import {
  cartReminderMessages as messages,
  type AddLicenceToCartInput,
  type AddToCartInput,
  type Cart,
  type CartReminderConsent,
  type CartReminderSettings,
  type CartReminderSettingsInput,
  type CartReminderState,
  type DayRange,
} from '../../contract';
import type { CartRemindersRepository, RestorableLine } from './cart-reminders.repository';
import type { ReminderDelivery } from './reminder-delivery';
import { TOKEN_PATTERN, type ReminderHashes } from './reminder-tokens';

const HOUR = 60 * 60 * 1000;

/** What the reminders need of the cart (its module's service). */
export type CartAccess = {
  getCart(cartId: string | undefined): Promise<Cart>;
  addItem(cartId: string | undefined, input: AddToCartInput): Promise<{ cartId: string }>;
  addLicence(cartId: string | undefined, input: AddLicenceToCartInput): Promise<{ cartId: string }>;
};

/** A line the cart refuses now (no longer sold, sold out) is left out; anything else is an error. */
const refusedAsNull = (err: unknown) => {
  if (err instanceof AppError) return null;
  throw err;
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function createCartRemindersService(deps: {
  repo: CartRemindersRepository;
  hashes: ReminderHashes;
  delivery: ReminderDelivery;
  cart: CartAccess;
  timeZone: string;
}) {
  const { repo, hashes, delivery, cart } = deps;

  async function state(cartId: string | undefined): Promise<CartReminderState> {
    const { enabled } = await repo.settings();
    const open = enabled && cartId ? await repo.openOf(cartId) : null;
    return { offered: enabled, consented: !!open };
  }

  /** A line of the e-mail that the cart already holds is not added again (the same cart, reopened). */
  function holds(current: Cart, line: RestorableLine): boolean {
    if (line.kind === 'print')
      return current.items.some((i) => i.photoId === line.photoId && i.printOptionId === line.printOptionId);
    return current.licences.some(
      (l) => l.photoId === line.photoId && l.licence.id === line.licenceId && l.size.id === line.sizeId,
    );
  }

  return {
    state,

    /**
     * The box at checkout: ticked, a reminder for this cart due after her delay (the address
     * changed on the open one); unticked, the unsent one withdrawn. Off, or an empty cart: refused.
     */
    async consent(cartId: string | undefined, input: CartReminderConsent): Promise<CartReminderState> {
      if (!input.consent) {
        if (cartId) await repo.withdraw(cartId);
        return state(cartId);
      }
      const settings = await repo.settings();
      if (!settings.enabled) throw conflict(messages.off);
      if (!cartId || !(await cart.getCart(cartId)).count) throw badRequest(messages.emptyCart);
      const row = await repo.consent(cartId, input.email, new Date(Date.now() + settings.delayHours * HOUR));
      if (!row.sentAt) await delivery.queueSend(row.id, row.sendAt);
      return state(cartId);
    },

    async settings(): Promise<CartReminderSettings> {
      return { ...(await repo.settings()), counts: await repo.counts() };
    },

    /** Her settings; turned off, the reminders not yet sent are dropped (nothing is sent later). */
    async saveSettings(input: CartReminderSettingsInput): Promise<CartReminderSettings> {
      await repo.saveSettings(input);
      if (!input.enabled) await repo.dropUnsent();
      return { ...(await repo.settings()), counts: await repo.counts() };
    },

    /**
     * The e-mail's link: its lines put back into the visitor's current cart (those it does not
     * hold; one no longer sold is left out). The cart id to keep in the session, or null for an
     * unknown link.
     */
    async restore(token: string, cartId: string | undefined): Promise<string | null> {
      const found = TOKEN_PATTERN.test(token) ? await repo.byToken(hashes.token(token)) : null;
      if (!found) return null;
      let id = cartId;
      const current = await cart.getCart(id);
      for (const line of found.lines ?? []) {
        if (holds(current, line)) continue;
        const added =
          line.kind === 'print'
            ? await cart
                .addItem(id, {
                  photoId: line.photoId,
                  printOptionId: line.printOptionId,
                  quantity: line.quantity,
                })
                .catch(refusedAsNull)
            : await cart
                .addLicence(id, { photoId: line.photoId, licenceId: line.licenceId, sizeId: line.sizeId })
                .catch(refusedAsNull);
        if (added) id = added.cartId;
      }
      if (id) await repo.markRestored(found.id, id);
      return id ?? null;
    },

    /** The e-mail's stop link (and List-Unsubscribe): its address is never reminded again. */
    async stop(token: string): Promise<boolean> {
      const found = TOKEN_PATTERN.test(token) ? await repo.byToken(hashes.token(token)) : null;
      if (!found) return false;
      await repo.stop(found.emailHash);
      return true;
    },

    /** Carts recovered (paid after their reminder) in a range of the shop's days. */
    async recoveredCount(range: DayRange): Promise<number> {
      const from = shopLocalToInstant(`${range.from}T00:00`, deps.timeZone);
      const to = shopLocalToInstant(`${nextDay(range.to)}T00:00`, deps.timeZone);
      if (!from || !to) return 0;
      return repo.recoveredBetween(from, to);
    },
  };
}
export type CartRemindersService = ReturnType<typeof createCartRemindersService>;
