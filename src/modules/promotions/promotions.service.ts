import type { Knex } from 'knex';
import { ForeignKeyViolationError, UniqueViolationError } from 'objection';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import {
  promotionMessages as messages,
  type PromotionInput,
  type PromotionList,
  type PromotionView,
} from '../../contract';
import type { PromotionCode } from './promotion.model';
import {
  describeRule,
  discountFor,
  type Discount,
  type PromotionRule,
  type RuleLine,
} from './promotion-rules';
import type { NewPromotion, PromotionsRepository, Uses } from './promotions.repository';

/** A code that applies to a cart: what it takes off, and how the buyer reads it. */
export type AppliedCode = { codeId: number; code: string; summary: string; discount: Discount };

/**
 * Who asks: the buyer's e-mail (for a per-e-mail limit) and her own unpaid orders (this visitor
 * session's attempts not paid yet, whose payment is not under way): a use one of them holds is
 * hers, so it counts against no limit when she applies the code again.
 */
export type Buyer = { email?: string; ownOrderIds?: readonly number[] };

const refuse = (message: string) => badRequest(message, { promotionCode: message });

const ruleOf = (p: PromotionCode): PromotionRule => ({
  kind: p.kind,
  percentOff: p.percentOff,
  amountOffCents: p.amountOffCents,
  minSubtotalCents: p.minSubtotalCents,
  photoIds: p.photoIds,
  formats: p.formats,
});

function stateOf(p: PromotionCode, uses: Uses, now: Date): PromotionView['state'] {
  if (p.paused) return 'paused';
  if (p.expiresAt && p.expiresAt <= now) return 'expired';
  if (p.startsAt && p.startsAt > now) return 'scheduled';
  if (p.maxUses !== null && uses.uses + uses.pendingUses >= p.maxUses) return 'used up';
  return 'active';
}

function toView(p: PromotionCode, uses: Uses, now = new Date()): PromotionView {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    percentOff: p.percentOff,
    amountOff: p.amountOffCents === null ? null : toDollars(p.amountOffCents),
    startsAt: p.startsAt?.toISOString() ?? null,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    maxUses: p.maxUses,
    maxUsesPerEmail: p.maxUsesPerEmail,
    minSubtotal: toDollars(p.minSubtotalCents),
    photoIds: p.photoIds,
    formats: p.formats,
    paused: p.paused,
    uses: uses.uses,
    pendingUses: uses.pendingUses,
    state: stateOf(p, uses, now),
    summary: describeRule(ruleOf(p)),
    createdAt: p.createdAt.toISOString(),
  };
}

function toRow(input: PromotionInput): NewPromotion {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
    amountOffCents: input.kind === 'amount' && input.amountOff != null ? toCents(input.amountOff) : null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    maxUses: input.maxUses ?? null,
    maxUsesPerEmail: input.maxUsesPerEmail ?? null,
    minSubtotalCents: toCents(input.minSubtotal),
    photoIds: [...new Set(input.photoIds)],
    formats: [...new Set(input.formats)],
    paused: input.paused,
  };
}

const isUniqueViolation = (err: unknown) => err instanceof UniqueViolationError;

export function createPromotionsService(repo: PromotionsRepository, db: Knex) {
  /**
   * Whether the code applies to these lines for this buyer, now: every rule, in the order a buyer
   * would want to hear about it. `q` is the transaction holding the code's lock when redeeming.
   */
  async function check(
    found: PromotionCode | undefined,
    lines: readonly RuleLine[],
    buyer: Buyer,
    q: Knex,
  ): Promise<AppliedCode> {
    if (!found) throw refuse(messages.invalid);
    const now = new Date();
    if (found.paused) throw refuse(messages.paused);
    if (found.startsAt && found.startsAt > now) throw refuse(messages.notStarted);
    if (found.expiresAt && found.expiresAt <= now) throw refuse(messages.expired);
    const email = buyer.email?.toLowerCase() ?? '';
    const used = await repo.countUses(q, found.id, email, buyer.ownOrderIds ?? []);
    if (found.maxUses !== null && used.total >= found.maxUses) throw refuse(messages.usedUp);
    if (email && found.maxUsesPerEmail !== null && used.byEmail >= found.maxUsesPerEmail)
      throw refuse(messages.usedByEmail);
    const result = discountFor(ruleOf(found), lines);
    if (!result.ok) throw refuse(result.message);
    return {
      codeId: found.id,
      code: found.code,
      summary: describeRule(ruleOf(found)),
      discount: result.discount,
    };
  }

  return {
    /**
     * A code as a buyer entered it, for a quote or before placing an order (nothing is held). A
     * use held by one of her own unpaid orders is hers (see Buyer): the quote and the checkout
     * answer alike.
     */
    async apply(code: string, lines: readonly RuleLine[], buyer: Buyer) {
      return check(await repo.findByCode(code), lines, buyer, db);
    },

    /**
     * Holds one use of the code for the order, in the order's transaction: the code's row is
     * locked first, so concurrent checkouts count one after another and a code with N uses left
     * is held at most N times. The buyer's other unpaid orders (`ownOrderIds`) count as hers and
     * give their hold of this code to this order, so her attempts hold one use between them. No
     * code: whatever the order held before (a retry) is released.
     */
    async holdForOrder(
      trx: Knex.Transaction,
      order: { orderId: number; email: string; ownOrderIds?: readonly number[] },
      code: string | null,
      lines: readonly RuleLine[],
    ): Promise<AppliedCode | null> {
      if (!code) {
        await repo.release(trx, order.orderId);
        return null;
      }
      const found = await repo.findByCode(code, trx);
      const locked = found && (await repo.lockById(trx, found.id));
      const others = (order.ownOrderIds ?? []).filter((id) => id !== order.orderId);
      const applied = await check(
        locked,
        lines,
        { email: order.email, ownOrderIds: [...others, order.orderId] },
        trx,
      );
      await repo.releaseCodeFor(trx, applied.codeId, others);
      await repo.hold(trx, {
        codeId: applied.codeId,
        orderId: order.orderId,
        email: order.email.toLowerCase(),
        discountCents: applied.discount.goodsCents + applied.discount.shippingCents,
      });
      return applied;
    },

    /** The order ended unpaid (canceled): its use goes back to the code. */
    release: (trx: Knex.Transaction, orderId: number) => repo.release(trx, orderId),
    /** The order was paid: its use is final. */
    redeem: (trx: Knex.Transaction, orderId: number) => repo.redeem(trx, orderId),

    // ---- admin ----

    async list(): Promise<PromotionList> {
      const rows = await repo.list();
      const uses = await repo.usesByCode(rows.map((r) => r.id));
      return { promotions: rows.map((r) => toView(r, uses.get(r.id)!)) };
    },

    async create(input: PromotionInput): Promise<PromotionView> {
      try {
        const row = await repo.insert(toRow(input));
        return toView(row, { uses: 0, pendingUses: 0 });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(messages.duplicate, { code: messages.duplicate });
        throw err;
      }
    },

    async update(id: number, input: PromotionInput): Promise<PromotionView> {
      try {
        const row = await repo.update(id, toRow(input));
        if (!row) throw notFound(messages.notFound);
        return toView(row, (await repo.usesByCode([id])).get(id)!);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(messages.duplicate, { code: messages.duplicate });
        throw err;
      }
    },

    async setPaused(id: number, paused: boolean): Promise<PromotionView> {
      const row = await repo.update(id, { paused });
      if (!row) throw notFound(messages.notFound);
      return toView(row, (await repo.usesByCode([id])).get(id)!);
    },

    /** Only a code no order ever used: the others are kept (paused) for the orders naming them. */
    async remove(id: number): Promise<{ message: string }> {
      if (!(await repo.findById(id))) throw notFound(messages.notFound);
      if (await repo.everUsed(id)) throw conflict(messages.usedCannotDelete);
      try {
        await repo.delete(id);
      } catch (err) {
        // a checkout held a use meanwhile (the redemption's foreign key refuses the delete)
        if (err instanceof ForeignKeyViolationError) throw conflict(messages.usedCannotDelete);
        throw err;
      }
      return { message: 'Promotion code deleted.' };
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
