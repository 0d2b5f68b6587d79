import {
  GIFT_CARD_PAGE_SIZE,
  giftCardAdminMessages as messages,
  giftCardMessages,
  type AdjustGiftCardInput,
  type AdminGiftCard,
  type GiftCardDetail,
  type GiftCardList,
  type GiftCardRecipientChange,
  type GiftCardSettings,
  type GiftCardSettingsInput,
  type GiftCardStatus,
  type IssueGiftCardInput,
  type IssuedGiftCard,
} from '../../contract';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import { formatCode, newGiftCardCode, type GiftCardCodes } from './gift-card-codes';
import type { EntryRow, GiftCardRow, LedgerRepository, Tx } from './gift-card-ledger.repository';
import type { GiftCardsAdminRepository, ListedCard } from './gift-cards-admin.repository';

type PhotoChoice = { id: number; title: string; thumbnailUrl: string };

export type GiftCardsAdminDeps = {
  ledger: LedgerRepository;
  repo: GiftCardsAdminRepository;
  codes: GiftCardCodes;
  /** the owner's live photos (catalog's admin list): the photos a card may show are among them */
  photos: () => Promise<PhotoChoice[]>;
  /** queue the 'gift-cards/send-card' job (its handler e-mails the card) */
  queueSend: (giftCardId: number, resend: boolean) => Promise<void>;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Where a card is, as the owner's list says it (voided and expired before what was sent). */
export function statusOf(
  c: Pick<GiftCardRow, 'voidedAt' | 'kind' | 'expiresAt' | 'sentAt' | 'sendAt'>,
  now = new Date(),
): GiftCardStatus {
  if (c.voidedAt) return 'voided';
  if (c.kind === 'promotional' && c.expiresAt && new Date(c.expiresAt) <= now) return 'expired';
  if (c.sentAt) return 'sent';
  if (c.sendAt) return 'scheduled';
  return 'not-emailed';
}

/** A ledger entry in her words. */
export function entryDescription(e: Pick<EntryRow, 'kind' | 'orderId' | 'reason'>): string {
  const order = e.orderId ? `order #${e.orderId}` : 'an order';
  switch (e.kind) {
    case 'issued':
      return 'Issued';
    case 'held':
      return `Held for ${order}`;
    case 'released':
      return 'Released';
    case 'spent':
      return `Spent on ${order}`;
    case 'refunded':
      return `Refunded from ${order}`;
    case 'adjusted':
      return `Adjusted: ${e.reason ?? ''}`;
    case 'voided':
      return `Voided: ${e.reason ?? ''}`;
  }
}

function listed(c: ListedCard): AdminGiftCard {
  return {
    id: c.id,
    last4: c.last4,
    kind: c.kind,
    recipientName: c.recipientName,
    recipientEmail: c.recipientEmail,
    initial: toDollars(c.initialCents),
    balance: toDollars(c.balanceCents),
    status: statusOf(c),
    sendAt: iso(c.sendAt),
    sentAt: iso(c.sentAt),
    expiresAt: iso(c.expiresAt),
    voidedAt: iso(c.voidedAt),
    bought: c.orderLineId !== null,
    createdAt: iso(c.createdAt)!,
  };
}

/**
 * The owner's gift cards: her settings, the list and a card's ledger, and what she does to a card.
 * Every balance change is a ledger entry written with the card's row locked (`lockCard`), the
 * balance read inside that lock: two adjustments at once take turns, and none goes below $0.
 */
export function createGiftCardsAdminService(deps: GiftCardsAdminDeps) {
  const { ledger, repo, codes } = deps;
  const db = ledger.db;

  async function settingsView(): Promise<GiftCardSettings> {
    const [s, photos] = await Promise.all([repo.settings(), deps.photos()]);
    const byId = new Map(photos.map((p) => [p.id, p]));
    return {
      enabled: s.enabled,
      amounts: s.amountsCents.map(toDollars),
      photos: s.photoIds.flatMap((id) => {
        const p = byId.get(id);
        return p ? [{ id: p.id, title: p.title, thumbnailUrl: p.thumbnailUrl }] : [];
      }),
    };
  }

  async function detail(id: number): Promise<GiftCardDetail> {
    const card = await ledger.findById(id);
    if (!card) throw notFound(messages.notFound);
    const [rows, photos] = await Promise.all([
      ledger.entries(id),
      card.photoId ? deps.photos() : Promise.resolve([]),
    ]);
    let running = 0;
    const entries = rows.map((e) => {
      running += e.amountCents;
      return {
        id: e.id,
        at: iso(e.createdAt)!,
        kind: e.kind,
        description: entryDescription(e),
        amount: toDollars(e.amountCents),
        balance: toDollars(running),
        orderId: e.orderId,
      };
    });
    const photo = photos.find((p) => p.id === card.photoId);
    const base = listed({ ...card, balanceCents: running });
    return {
      card: {
        ...base,
        senderName: card.senderName,
        message: card.message,
        photo: photo ? { id: photo.id, title: photo.title } : null,
      },
      entries,
      canAdjust: !card.voidedAt,
      canResend: !card.voidedAt && base.status !== 'expired' && Boolean(card.recipientEmail),
      canChangeRecipient: !card.voidedAt && !card.sentAt,
    };
  }

  /** The card's row locked for a change of it (404 unknown, 409 voided). */
  async function lockLive(trx: Tx, id: number): Promise<GiftCardRow> {
    const card = await ledger.lockCard(trx, id);
    if (!card) throw notFound(messages.notFound);
    if (card.voidedAt) throw conflict(messages.voided);
    return card;
  }

  return {
    settings: settingsView,

    async saveSettings(input: GiftCardSettingsInput): Promise<GiftCardSettings> {
      const live = new Set((await deps.photos()).map((p) => p.id));
      if (input.photoIds.some((id) => !live.has(id)))
        throw badRequest(messages.unknownPhoto, { photoIds: messages.unknownPhoto });
      await repo.saveSettings({
        enabled: input.enabled,
        amountsCents: input.amounts.map(toCents),
        photoIds: input.photoIds,
      });
      return settingsView();
    },

    async list(page: number): Promise<GiftCardList> {
      const [{ cards, total }, outstandingCents] = await Promise.all([
        repo.page((page - 1) * GIFT_CARD_PAGE_SIZE, GIFT_CARD_PAGE_SIZE),
        ledger.outstandingCents(),
      ]);
      return {
        cards: cards.map(listed),
        total,
        page,
        pageSize: GIFT_CARD_PAGE_SIZE,
        outstanding: toDollars(outstandingCents),
      };
    },

    detail,

    /** A card issued by hand; its code is in the answer this once (only its hash and an encrypted copy are kept). */
    async issue(input: IssueGiftCardInput): Promise<IssuedGiftCard> {
      const code = newGiftCardCode();
      const amountCents = toCents(input.amount);
      const id = await db.transaction(async (trx) => {
        const cardId = await ledger.insertCard(trx, {
          codeHash: codes.hash(code),
          codeEncrypted: codes.encrypt(code),
          last4: code.slice(-4),
          kind: input.kind,
          initialCents: amountCents,
          expiresAt: input.kind === 'promotional' && input.expiresAt ? new Date(input.expiresAt) : null,
          photoId: null,
          recipientName: input.recipientName,
          recipientEmail: input.recipientEmail,
          senderName: null,
          message: input.message,
          sendAt: input.sendNow ? new Date() : null,
          orderLineId: null,
        });
        await ledger.addEntry(trx, { giftCardId: cardId, kind: 'issued', amountCents });
        return cardId;
      });
      if (input.sendNow) await deps.queueSend(id, false);
      return { ...(await detail(id)), code: formatCode(code) };
    },

    async adjust(id: number, input: AdjustGiftCardInput): Promise<GiftCardDetail> {
      const amountCents = toCents(input.amount);
      await db.transaction(async (trx) => {
        await lockLive(trx, id);
        const balance = await ledger.balanceOf(id, trx);
        if (balance + amountCents < 0) throw badRequest(messages.belowZero, { amount: messages.belowZero });
        await ledger.addEntry(trx, { giftCardId: id, kind: 'adjusted', amountCents, reason: input.reason });
      });
      return detail(id);
    },

    /** Voided: its balance taken off (a `voided` entry) and `voided_at` set; it can no longer be spent or changed. */
    async void(id: number, reason: string): Promise<GiftCardDetail> {
      await db.transaction(async (trx) => {
        await lockLive(trx, id);
        const entries = await ledger.entries(id, trx);
        // an unpaid order's hold would come back onto a voided card when it is released
        const held = entries
          .filter((e) => e.kind === 'held' || e.kind === 'released')
          .reduce((sum, e) => sum + e.amountCents, 0);
        if (held < 0) throw conflict(messages.heldByOrder);
        const balance = entries.reduce((sum, e) => sum + e.amountCents, 0);
        await ledger.addEntry(trx, { giftCardId: id, kind: 'voided', amountCents: -balance, reason });
        await repo.markVoided(trx, id);
      });
      return detail(id);
    },

    /** E-mail the card to its recipient again (the send job, `resend: true`). */
    async resend(id: number): Promise<{ message: string }> {
      const card = await ledger.findById(id);
      if (!card) throw notFound(messages.notFound);
      if (card.voidedAt) throw conflict(messages.voided);
      if (statusOf(card) === 'expired') throw conflict(giftCardMessages.expired);
      if (!card.recipientEmail) throw conflict(messages.noEmail);
      await deps.queueSend(id, true);
      return { message: messages.resent };
    },

    /** A new recipient address (and name), until the card is sent. */
    async changeRecipient(id: number, input: GiftCardRecipientChange): Promise<GiftCardDetail> {
      await db.transaction(async (trx) => {
        const card = await lockLive(trx, id);
        if (card.sentAt) throw conflict(giftCardMessages.alreadySent);
        await repo.setRecipient(trx, id, input);
      });
      return detail(id);
    },

    /** What she owes on purchased cards at `asOf` (null: no card was ever sold, nothing to report). */
    async outstandingAt(asOf: Date): Promise<number | null> {
      if (!(await repo.anyPurchasedBefore(asOf))) return null;
      return ledger.outstandingCents(db, asOf);
    },
  };
}
export type GiftCardsAdminService = ReturnType<typeof createGiftCardsAdminService>;
