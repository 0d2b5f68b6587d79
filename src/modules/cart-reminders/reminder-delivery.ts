import type { AppContext } from '../../platform/context';
import { formatCents } from '../../platform/money';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { JobOutcome } from '../../platform/queue';
import type { PricedCart, PricedLine } from '../cart';
import type { CartRemindersRepository, RestorableLine } from './cart-reminders.repository';
import { reminderMail, type ReminderLine } from './reminder-email';
import type { ReminderHashes } from './reminder-tokens';

export const RESTORE_PATH = '/api/cart-reminders/restore';
export const STOP_PATH = '/cart-reminders/stop';

export type DeliveryDeps = {
  repo: CartRemindersRepository;
  hashes: ReminderHashes;
  /** the cart as it is now, priced (the cart module's) */
  pricedCart(cartId: string): Promise<PricedCart>;
};

const lineWords = (l: PricedLine): Pick<ReminderLine, 'title' | 'detail'> => {
  if (l.kind === 'print')
    return { title: l.photo.title, detail: `${l.printOption.size} ${l.printOption.format}` };
  if (l.kind === 'licence')
    return { title: l.photo.title, detail: `${l.licence.name} licence, ${l.size.label}` };
  return { title: 'Gift card', detail: `For ${l.recipientName}` };
};

const restorable = (l: PricedLine): RestorableLine[] => {
  if (l.kind === 'print')
    return [{ kind: 'print', photoId: l.photoId, printOptionId: l.printOptionId, quantity: l.quantity }];
  if (l.kind === 'licence')
    return [{ kind: 'licence', photoId: l.photoId, licenceId: l.licence.id, sizeId: l.size.id }];
  return []; // a gift card's send time and recipient are the buyer's to choose again
};

/**
 * A reminder's delivery, exactly once: a delayed job per reminder (job id per reminder) at its
 * time, and the sweeper's catch-up for any whose job was lost. The send claims the reminder
 * (`sent_at` set where null and not paid) and writes its e-mail to the outbox in one transaction:
 * a second run finds it claimed; a worker killed before the commit leaves it unclaimed for the next.
 */
export function createReminderDelivery(ctx: AppContext, deps: DeliveryDeps) {
  const { config, logger } = ctx;
  const url = (path: string) => `${config.publicUrl}${path}`;

  const queueSend = (id: number, sendAt: Date) =>
    ctx.queues.enqueueOnce(
      'cart-reminders',
      'send-reminder',
      { reminderId: id },
      `cart-reminder-${id}`,
      Math.max(0, sendAt.getTime() - Date.now()),
    );

  /** The job: the reminder e-mailed once, if still wanted (on, due, unpaid, not stopped, a cart with lines). */
  async function send(reminderId: number): Promise<JobOutcome> {
    const reminder = await deps.repo.findById(reminderId);
    if (!reminder) return { outcome: 'skipped', detail: 'no such reminder (withdrawn)' };
    if (reminder.sentAt || reminder.paidAt) return { outcome: 'skipped', detail: 'already sent or paid' };
    if (reminder.sendAt.getTime() > Date.now()) return { outcome: 'skipped', detail: 'not due yet' };
    if (!(await deps.repo.settings()).enabled) return { outcome: 'skipped', detail: 'reminders are off' };
    const { cartId, email } = reminder;
    const emailHash = email ? deps.hashes.email(email) : null;
    const cart = cartId ? await deps.pricedCart(cartId) : null;
    if (!cart?.lines.length || !email || !emailHash || (await deps.repo.isStopped(emailHash))) {
      await deps.repo.drop(reminder.id);
      return { outcome: 'skipped', detail: 'nothing to remind of, or the address said stop' };
    }
    const token = deps.hashes.newToken();
    const mail = reminderMail(
      {
        siteName: config.SITE_NAME,
        shopUrl: url('/'),
        restoreUrl: url(`${RESTORE_PATH}/${token}`),
        stopUrl: url(`${STOP_PATH}/${token}`),
        subtotal: formatCents(cart.money.subtotalCents),
        lines: cart.lines.map((l) => ({
          ...lineWords(l),
          quantity: l.quantity,
          price: formatCents(l.priceCents * l.quantity),
          imageUrl: url(l.photo.thumbnailUrl),
        })),
      },
      email,
    );
    const written = await ctx.db.transaction(async (trx) => {
      const claimed = await deps.repo.claim(trx, reminder.id, {
        emailHash,
        tokenHash: deps.hashes.token(token),
        lines: cart.lines.flatMap(restorable),
      });
      if (!claimed) return null;
      return writeEmail(trx, { ...mail, dedupeKey: `cart-reminder-${reminder.id}` });
    });
    if (!written) return { outcome: 'skipped', detail: 'already sent or paid' };
    // a lost enqueue is the outbox sweeper's to redo
    await enqueueEmail(ctx.queues, written).catch((err: unknown) =>
      logger.warn({ err, id: written }, 'cart reminder e-mail not queued'),
    );
    return { outcome: 'done', detail: `cart reminder ${reminder.id} sent` };
  }

  return {
    queueSend,
    send,
    /** The sweeper's catch-up: due reminders still unsent, queued (a lost job loses nothing). */
    async sweep(): Promise<number> {
      if (!(await deps.repo.settings()).enabled) return 0;
      const ids = await deps.repo.dueIds(new Date());
      for (const id of ids) await queueSend(id, new Date(0));
      return ids.length;
    },
  };
}
export type ReminderDelivery = ReturnType<typeof createReminderDelivery>;
