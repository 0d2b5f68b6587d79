import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/http/app-error';
import { formatCents } from '../../platform/money';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { JobOutcome } from '../../platform/queue';
import { giftCardMessages as messages } from '../../contract';
import type { OrderLines } from '../orders';
import { formatCode, type GiftCardCodes } from './gift-card-codes';
import { buyerCopyMail, recipientMail, type CardMailFacts } from './gift-card-emails';
import type { GiftCardRow, LedgerRepository } from './gift-card-ledger.repository';
import type { GiftCardsRepository } from './gift-cards.repository';

export const BALANCE_PATH = '/gift-card/balance';
const PAID = ['paid', 'partially_refunded', 'refunded'];

export type DeliveryDeps = {
  repo: GiftCardsRepository;
  ledger: LedgerRepository;
  codes: GiftCardCodes;
  order(orderId: number): Promise<OrderLines | null>;
  orderIdOfLine(lineId: number): Promise<number | null>;
  orderIdByToken(token: string): Promise<number | null>;
  /** the order line's record of the recipient (before payment, and kept in step after) */
  setLineRecipient(orderId: number, lineId: number, email: string): Promise<number>;
  /** the photo's display image path when it is public, else null */
  photoImagePath(photoId: number): Promise<string | null>;
  photoJpeg(photoId: number): Promise<Uint8Array | null>;
};

/**
 * A card's delivery, exactly once: a delayed job per card (job id per card) for its send time,
 * and the sweeper's catch-up for any whose job was lost. The send claims the card
 * (`sent_at` set where null) and writes the recipient's e-mail and the buyer's copy to the outbox
 * in one transaction: a second run finds it claimed and stops; the outbox's own job sends each
 * e-mail once, through an SMTP outage too.
 */
export function createGiftCardDelivery(ctx: AppContext, deps: DeliveryDeps) {
  const { config, logger } = ctx;
  const url = (path: string) => `${config.publicUrl}${path}`;

  /** The card's job at its send time (at once when due); one per card, whoever asks. */
  const queueSend = (id: number, sendAt: Date) =>
    ctx.queues.enqueueOnce(
      'gift-cards',
      'send-card',
      { giftCardId: id },
      `gift-card-${id}`,
      Math.max(0, sendAt.getTime() - Date.now()),
    );

  /** What the e-mails say of a card (its code decrypted: only here and in the PDF). */
  async function factsOf(card: GiftCardRow): Promise<CardMailFacts> {
    const code = deps.codes.decrypt(card.codeEncrypted);
    // another SESSION_SECRET, or a damaged row: not sent (the job fails, the owner sees it)
    if (!code) throw new Error(`gift card ${card.id}: its code cannot be read`);
    const imagePath = card.photoId ? await deps.photoImagePath(card.photoId) : null;
    return {
      siteName: config.SITE_NAME,
      shopUrl: url('/'),
      balanceUrl: url(BALANCE_PATH),
      amount: formatCents(card.initialCents),
      recipientName: card.recipientName ?? '',
      recipientEmail: card.recipientEmail ?? '',
      senderName: card.senderName ?? config.SITE_NAME,
      message: card.message ?? '',
      code: formatCode(code),
      last4: card.last4,
      imageUrl: imagePath && url(imagePath),
    };
  }

  async function cardPdf(card: GiftCardRow, facts: CardMailFacts): Promise<Buffer> {
    // pdf-lib and the fonts load with the first card, not at start
    const { makeGiftCardPdf } = await import('./gift-card-pdf');
    const jpeg = card.photoId ? await deps.photoJpeg(card.photoId).catch(() => null) : null;
    const pdf = await makeGiftCardPdf({
      siteName: facts.siteName,
      amount: facts.amount,
      code: facts.code,
      recipientName: facts.recipientName,
      senderName: facts.senderName,
      message: facts.message,
      imageJpeg: jpeg ?? new Uint8Array(),
      shopUrl: facts.shopUrl,
      balanceUrl: facts.balanceUrl,
      issuedAt: card.createdAt,
    });
    return Buffer.from(pdf);
  }

  /** The buyer of a card (its order's), for the copy; null for a card issued by hand. */
  async function buyerOf(card: GiftCardRow) {
    const orderId = card.orderLineId ? await deps.orderIdOfLine(card.orderLineId) : null;
    const order = orderId ? await deps.order(orderId) : null;
    return order && { email: order.customerEmail, name: order.customerName };
  }

  /**
   * The job: e-mails the card to its recipient, once (`resend`: again, the owner's asking, to the
   * recipient's current address; no buyer copy). A card not yet due is left to its delayed job or
   * the sweeper.
   */
  async function send(giftCardId: number, resend: boolean, jobId: string): Promise<JobOutcome> {
    const card = await deps.ledger.findById(giftCardId);
    if (!card) return { outcome: 'skipped', detail: 'no such card' };
    if (card.voidedAt || !card.recipientEmail)
      return { outcome: 'skipped', detail: 'voided or no recipient' };
    if (!resend && card.sentAt) return { outcome: 'skipped', detail: 'already sent' };
    if (!resend && card.sendAt && card.sendAt.getTime() > Date.now())
      return { outcome: 'skipped', detail: 'not due yet' };
    // everything slow before the transaction: it holds the card's row only to claim and write
    const facts = await factsOf(card);
    const pdf = await cardPdf(card, facts);
    const buyer = resend ? null : await buyerOf(card);
    const written = await ctx.db.transaction(async (trx) => {
      const claimed = resend
        ? await deps.repo.markResent(trx, card.id)
        : await deps.repo.claimSend(trx, card.id);
      if (!claimed) return null;
      const ids = [
        await writeEmail(trx, {
          ...recipientMail(facts),
          dedupeKey: resend ? `gift-card-${card.id}-resend-${jobId}` : `gift-card-${card.id}`,
          attachments: [
            { filename: `gift-card-${card.last4}.pdf`, contentType: 'application/pdf', content: pdf },
          ],
        }),
      ];
      if (buyer)
        ids.push(
          await writeEmail(trx, { ...buyerCopyMail(facts, buyer), dedupeKey: `gift-card-${card.id}-copy` }),
        );
      return ids.filter((id): id is number => id !== null);
    });
    if (!written) return { outcome: 'skipped', detail: 'already sent' };
    // a lost enqueue is the outbox sweeper's to redo
    for (const id of written)
      await enqueueEmail(ctx.queues, id).catch((err: unknown) =>
        logger.warn({ err, id }, 'gift card e-mail not queued'),
      );
    return { outcome: 'done', detail: `gift card ${card.id} sent${resend ? ' again' : ''}` };
  }

  return {
    queueSend,
    send,
    /** The owner's "send again" (to the recipient's current address): one job per asking. */
    queueResend: (id: number) =>
      ctx.queues.enqueue(
        'gift-cards',
        'send-card',
        { giftCardId: id, resend: true },
        { jobId: `gift-card-resend-${id}-${Date.now()}` },
      ),

    /** The sweeper's catch-up: cards due and unsent, queued (a lost Redis or a killed worker loses nothing). */
    async sweep(): Promise<number> {
      const ids = await deps.repo.dueIds();
      for (const id of ids) await queueSend(id, new Date(0));
      return ids.length;
    },

    /**
     * The buyer changes the recipient's e-mail (by the order's token) while the card is unsent:
     * before payment the order line's, after it the card's too; once sent, 409.
     */
    async changeRecipient(token: string, lineId: number, email: string): Promise<void> {
      const orderId = await deps.orderIdByToken(token);
      const order = orderId ? await deps.order(orderId) : null;
      const line = order?.giftCardLines.find((l) => l.id === lineId);
      if (!order || !line) throw notFound('That gift card is not on this order.');
      const [card] = await deps.repo.cardsOfLines([lineId]);
      if (card && (card.sentAt || !(await deps.repo.setRecipientEmail(card.id, email))))
        throw conflict(messages.alreadySent);
      if (!card && PAID.includes(order.status)) {
        // paid, its card issued meanwhile: change the card's
        const [issued] = await deps.repo.cardsOfLines([lineId]);
        if (!issued || !(await deps.repo.setRecipientEmail(issued.id, email)))
          throw conflict(messages.alreadySent);
      }
      await deps.setLineRecipient(order.id, lineId, email);
      // paid while this was asked (the card issued from the line as it was): the card follows
      if (!card) {
        const [issued] = await deps.repo.cardsOfLines([lineId]);
        if (issued) await deps.repo.setRecipientEmail(issued.id, email);
      }
    },
  };
}
export type GiftCardDelivery = ReturnType<typeof createGiftCardDelivery>;
