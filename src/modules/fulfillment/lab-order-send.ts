import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context';
import { AppError, conflict } from '../../platform/http/app-error';
import { escapeHtml } from '../../platform/html';
import { writeEmail } from '../../platform/outbox';
import { labMessages as messages } from '../../contract';
import { LabError, type LabOrderItem } from './lab-provider';
import { labErrorMessage, labErrorWords, type LabErrorWords } from './lab-errors';
import { isLabOrderNumberTaken, type LabOrderKey, type LabOrderRow } from './fulfillment.repository';
import { labLinesOf, type LabLine, type LabOrdersDeps } from './lab-order-deps';

/**
 * A run holds its lab order this long, renewed every HEARTBEAT_MS while it runs: a run whose
 * process died lets go within LEASE_MS, and the sweeper's next run looks the order up at the lab.
 */
const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
/**
 * The lab down: tried again after 30 s, doubling to 30 minutes, for 24 hours from the first failure;
 * after the wait its `Retry-After` asks instead when it gives one (1 s to 30 minutes).
 */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;
const RETRY_AFTER_MIN_MS = 1_000;
const GIVE_UP_MS = 24 * 3_600_000;
/** The owner is told once that a lab is not answering, when it has not for this long. */
const TELL_OWNER_AFTER_MS = 5 * 60_000;
/**
 * An order submit the lab did not answer (no answer, a timeout, a 5xx) may have made the order,
 * which its list shows only minutes later (it queues them): the look-up before the next try waits
 * at least this long, unless the lab keeps idempotency keys (sending again gives the same order).
 */
const UNCERTAIN_SUBMIT_MS = 5 * 60_000;

/** A send's outcome; `retryAt`: the lab did not answer, the same job runs again then. */
export type SendOutcome = { outcome: 'done' | 'skipped'; detail?: string; retryAt?: Date };

/** "John Quincy Adams" -> John / Quincy Adams; one word is both (the lab wants a last name). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1
    ? { firstName: parts[0]!, lastName: parts.slice(1).join(' ') }
    : { firstName: parts[0] ?? '', lastName: parts[0] ?? '' };
}

/**
 * What the lab charges for a lab order's prints: each line's quantity at the lab's price per print
 * quoted when its product was set up (lab_products.cost_cents), a quote rather than the lab's bill
 * (Prodigi bills by invoice); null when any line's price is unknown.
 */
export function itemsCentsOf(lines: LabLine[]): number | null {
  let cents = 0;
  for (const { line, product } of lines) {
    if (product.costCents === null) return null;
    cents += line.quantity * product.costCents;
  }
  return cents;
}

/**
 * The key a lab that keeps idempotency keys (Prodigi, per account, forever) gets for an order:
 * its id and creation time, so a shop whose database was made again does not get its old order
 * "42" back for a new one (the id alone stays the lab's reference, what its dashboard shows).
 */
const idempotencyKeyOf = (orderId: number, createdAt: Date) =>
  `${orderId}-${createdAt.getTime().toString(36)}`;
/**
 * The send of one lab order, exactly once: a lease on the row (one job id per lab order), tried
 * again while the lab does not answer (24 hours, the owner told once), or failed in the owner's
 * words with the lab's own beside, and the owner mailed.
 */
export function createLabOrderSend(ctx: AppContext, deps: LabOrdersDeps) {
  const { repo, settings } = deps;
  const { logger } = ctx;
  const adminLink = () => `${ctx.config.publicUrl}/admin/orders`;

  /** Tells the owner, once for this key, by e-mail. */
  async function mailOwner(
    trx: Knex.Transaction,
    mail: { dedupeKey: string; subject: string; lines: string[] },
  ): Promise<number | null> {
    const owner = ctx.config.OWNER_EMAIL;
    if (!owner) return null;
    const link = adminLink();
    const text = [...mail.lines, '', `The order's details: ${link}`].join('\n');
    const html = [
      ...mail.lines.filter(Boolean).map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p>The order's details: <a href="${link}">${link}</a></p>`,
    ].join('');
    return writeEmail(trx, { to: owner, subject: mail.subject, text, html, dedupeKey: mail.dedupeKey });
  }

  /** The lab refused (or stayed down 24 hours): kept on the lab order in words, the owner mailed once. */
  async function fail(row: LabOrderRow, error: LabErrorWords) {
    const { orderId, provider } = row;
    const lab = settings.labs.get(provider);
    const name = lab.name;
    const emailId = await repo.transaction(async (trx) => {
      await repo.update(trx, row, {
        status: 'failed',
        last_error: error.words,
        lab_text: error.labText,
        claimed_until: null,
        next_attempt_at: null,
        error_notified_at: trx.fn.now(),
      });
      return mailOwner(trx, {
        dedupeKey: `lab-error-${orderId}-${provider}-${row.attempts}`,
        subject: `Order #${orderId} did not reach the print lab`,
        lines: [
          `Order #${orderId} could not be sent to ${name}:`,
          '',
          labErrorMessage(lab, error),
          '',
          `Correct it, then choose 'Send again' in the order's details.`,
        ],
      });
    });
    if (emailId) await deps.enqueueEmail(emailId);
    logger.warn({ orderId, provider, labError: error.words, labText: error.labText }, 'lab order failed');
  }

  /**
   * The lab did not answer (down, throttled, timed out): kept 'sending' and tried again with
   * backoff; the owner told once after a few minutes; after 24 hours it fails.
   */
  async function retryLater(row: LabOrderRow, err: LabError, uncertainSubmit: boolean): Promise<SendOutcome> {
    const { orderId, provider } = row;
    const lab = settings.labs.get(provider);
    const name = lab.name;
    const now = Date.now();
    const first = row.firstFailedAt?.getTime() ?? now;
    const error = labErrorWords(lab, err);
    if (now - first >= GIVE_UP_MS) {
      await fail(row, {
        words: `${name} did not answer for 24 hours: the order was not sent.`,
        labText: error.labText,
      });
      return { outcome: 'skipped', detail: 'the lab did not answer for 24 hours' };
    }
    const failures = row.failures + 1;
    let delay =
      err.retryAfterMs !== null
        ? Math.min(Math.max(err.retryAfterMs, RETRY_AFTER_MIN_MS), RETRY_MAX_MS)
        : Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);
    if (uncertainSubmit) delay = Math.max(delay, UNCERTAIN_SUBMIT_MS);
    const retryAt = new Date(now + delay);
    const tell = !row.outageNotifiedAt && now - first >= TELL_OWNER_AFTER_MS;
    const emailId = await repo.transaction(async (trx) => {
      await repo.update(trx, row, {
        claimed_until: null,
        next_attempt_at: retryAt,
        first_failed_at: new Date(first),
        failures,
        last_error: error.words,
        lab_text: error.labText,
        ...(tell ? { outage_notified_at: trx.fn.now() } : {}),
      });
      if (!tell) return null;
      return mailOwner(trx, {
        dedupeKey: `lab-outage-${orderId}-${provider}-${first}`,
        subject: `${name} is not answering: order #${orderId} waits`,
        lines: [
          `${name} has not answered since ${new Date(first).toUTCString()}, so order #${orderId} has not reached it yet.`,
          '',
          `It is sent as soon as ${name} answers again (tried for 24 hours). Nothing to do now; you will hear again only if it cannot be sent.`,
        ],
      });
    });
    if (emailId) await deps.enqueueEmail(emailId);
    logger.warn(
      { orderId, provider, failures, retryAt, labText: error.labText },
      'lab not answering: send later',
    );
    return {
      outcome: 'skipped',
      detail: `the lab did not answer: again at ${retryAt.toISOString()}`,
      retryAt,
    };
  }

  /**
   * The lab made the order: its number kept. A number another of this lab's orders already has
   * (the lab numbering again from the start: a demo lab restarted without its orders) is not ours
   * to keep: the owner is told in words (an AppError: the send fails) rather than left 'sending'.
   */
  async function recordSent(
    key: LabOrderKey,
    orderNumber: string,
    charges: { shippingCents: number | null; itemsCents: number | null },
  ) {
    const { shippingCents, itemsCents } = charges;
    try {
      await repo.transaction((trx) =>
        repo.update(trx, key, {
          status: 'sent',
          lab_order_number: orderNumber,
          sent_at: trx.fn.now(),
          claimed_until: null,
          next_attempt_at: null,
          first_failed_at: null,
          failures: 0,
          last_error: null,
          lab_text: null,
          ...(shippingCents === null ? {} : { lab_shipping_cents: shippingCents }),
          lab_items_cents: itemsCents,
        }),
      );
    } catch (err) {
      if (!isLabOrderNumberTaken(err)) throw err;
      throw conflict(
        `${settings.labs.name(key.provider)} answered with order number ${orderNumber}, which another order here already has: check ${settings.labs.name(key.provider)}'s dashboard for this order before sending it again.`,
      );
    }
  }

  /** The send of a lab order this run holds the lease of. */
  async function sendClaimed(key: LabOrderKey, claimed: LabOrderRow): Promise<SendOutcome> {
    const { orderId, provider } = key;
    const source = await deps.orders.forLab(orderId);
    if (!source || !source.paid || source.fulfillmentStatus === 'canceled') {
      await repo.transaction((trx) =>
        repo.update(trx, key, { status: 'canceled', last_error: messages.notPaid, claimed_until: null }),
      );
      return { outcome: 'skipped', detail: 'order not paid or canceled' };
    }
    // the create asked of a lab whose list may not show it yet (it keeps no idempotency key)
    let uncertainSubmit = false;
    try {
      const s = await settings.row(provider);
      const client = settings.connect(s);
      const missing = settings.missingSetting(s);
      if (missing) throw new LabError('refused', missing.message);
      const a = source.address;
      if (!a)
        throw new LabError(
          'refused',
          'The address was given as one text that could not be read: correct it first.',
        );
      const lines = (await labLinesOf(repo, source)).get(provider) ?? [];
      if (!lines.length) throw new LabError('refused', messages.noLabLines);
      const found = await client.findByExternalId(String(orderId), source.createdAt);
      let orderNumber = found?.orderNumber;
      let shippingCents: number | null = null;
      if (!orderNumber) {
        const items: LabOrderItem[] = [];
        for (const { line, product } of lines) {
          const file = await deps.printFile(line, product);
          items.push({
            externalItemId: String(line.id),
            ref: product.ref,
            widthIn: file.widthIn,
            heightIn: file.heightIn,
            quantity: line.quantity,
            imageUrl: file.url,
          });
        }
        const recipient = {
          ...splitName(source.customerName),
          addressLine1: a.line1,
          addressLine2: a.line2,
          city: a.city,
          state: a.state,
          zipCode: a.zip,
          phone: source.phone,
        };
        // the lab's shipping charge for the admin, at the method sent (its order answer, read on
        // sync, may correct it)
        shippingCents = await client.shippingCost(items, recipient, s.shippingMethod).catch(() => null);
        // the look-up took long enough for the lease to run out and another run to take over:
        // that run sends it (it looks first)
        if (!(await repo.renew(key, claimed.attempts, LEASE_MS)))
          return { outcome: 'skipped', detail: 'another run took the lab order over' };
        uncertainSubmit = !client.keepsIdempotencyKeys;
        ({ orderNumber } = await client.createOrder({
          externalId: String(orderId),
          idempotencyKey: idempotencyKeyOf(orderId, source.createdAt),
          shippingMethod: s.shippingMethod,
          productionTime: s.productionTime,
          recipient,
          items,
          // a lab that takes its callback address with each order (Prodigi)
          callbackUrl: settings.webhookUrl(s),
        }));
      }
      await recordSent(key, orderNumber!, { shippingCents, itemsCents: itemsCentsOf(lines) });
      logger.info({ orderId, provider, labOrderNumber: orderNumber }, 'order sent to the print lab');
      return { outcome: 'done', detail: `lab order ${orderNumber}` };
    } catch (err) {
      // an answer (a 429) says the order was not made; no answer or a 5xx may have made it
      if (err instanceof LabError && err.kind === 'unavailable')
        return retryLater(claimed, err, uncertainSubmit && (err.status === null || err.status >= 500));
      if (err instanceof LabError) {
        await fail(claimed, labErrorWords(settings.labs.get(provider), err));
        return { outcome: 'skipped', detail: `lab refused: ${err.message}` };
      }
      if (err instanceof AppError) {
        await fail(claimed, { words: err.message, labText: null });
        return { outcome: 'skipped', detail: err.message };
      }
      // our own failure: the lease let go, the job retried (the sweeper after)
      await repo.transaction((trx) => repo.update(trx, key, { claimed_until: null }));
      throw err;
    }
  }

  /**
   * The send job of one lab order, exactly once: a run takes the row's lease (only when it is
   * due and nobody holds it), asks the lab for an order with our id made since the order was
   * placed (a run cut off after the lab answered left one), and only then creates it.
   */
  return async function send(key: LabOrderKey): Promise<SendOutcome> {
    const claimed = await repo.claim(key, LEASE_MS);
    if (!claimed) return { outcome: 'skipped', detail: 'not due, being sent, or sent' };
    // the lease lives while this process does: renewed while the send runs, lapsing soon after a crash
    const heartbeat = setInterval(() => {
      repo.renew(key, claimed.attempts, LEASE_MS).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      return await sendClaimed(key, claimed);
    } finally {
      clearInterval(heartbeat);
    }
  };
}
