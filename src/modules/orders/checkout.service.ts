import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, conflict } from '../../platform/http/app-error';
import { toDollars } from '../../platform/money';
import type { PricedCart } from '../cart';
import type { TaxAddress } from '../tax';
import { appliedLines } from './applied-lines';
import type { CheckoutExtras, CheckoutHolds } from './checkout-holds';
import { appliedTenders, type CheckoutTenders, type TakenTenders } from './checkout-tenders';
import { priceOrder, type PricedOrder, type PricingDeps } from './order-pricing';
import type { NewLineItem, OrdersRepository, Tx, WrittenLine } from './orders.repository';
import {
  licenceMessages,
  orderMessages as messages,
  composeUsAddress,
  type CheckoutInput,
  type CheckoutQuote,
  type CheckoutQuoteInput,
  type CheckoutResult,
} from '../../contract';
import { namesAnotherCountry, parseUsAddress } from './us-address';

export type CheckoutDeps = {
  /** Whether a payment provider is configured: without one no order is taken. */
  takingOrders(): boolean;
  /** The visitor's cart in integer cents at current prices, from the cart module. */
  cart: { getPricedCart(cartId: string | undefined): Promise<PricedCart> };
  /** Promotion codes: checked and priced for a quote and at checkout. */
  promotions: PricingDeps['promotions'];
  tax: PricingDeps['tax'];
  /** What an order takes while it waits to be paid (a code's use), in its transaction. */
  holds: Pick<CheckoutHolds, 'takeAll'>;
  /** What pays part of it besides the card (a gift card), after the holds; previewed for a quote. */
  tenders: Pick<CheckoutTenders, 'takeAll' | 'previewAll'>;
  /**
   * An order its tenders pay in full, paid at once through payments' own "paid" transition
   * (payments.settleCoveredOrder), after the order's commit: true when this call paid it.
   */
  settleCovered(orderId: number): Promise<boolean>;
};

/**
 * The order's address columns: from the parts (the text composed from them), or from the spec's
 * one text, kept as given, with its parts when it reads as a US address and else flagged for the
 * owner to check.
 */
function orderAddress(input: CheckoutInput) {
  const text = input.shippingAddress;
  if (!input.address && text !== undefined && namesAnotherCountry(text))
    throw badRequest(messages.usOnly, { shippingAddress: messages.usOnly });
  const parts = input.address ?? parseUsAddress(text ?? '');
  return {
    shippingAddress: input.address ? composeUsAddress(input.address) : (text ?? ''),
    addressLine1: parts?.line1 ?? null,
    addressLine2: parts?.line2 ?? null,
    addressCity: parts?.city ?? null,
    addressState: parts?.state ?? null,
    addressZip: parts?.zip ?? null,
    addressNeedsReview: !parts,
  };
}

const noAddress = () =>
  badRequest(`Invalid checkout details: ${messages.address}`, { shippingAddress: messages.address });

/**
 * An order of licences only ships nothing: no address is asked; its address columns are empty
 * but for the state and ZIP the buyer gave for sales tax (when the shop collects it).
 */
const noShipping = (input: CheckoutInput) => ({
  shippingAddress: '',
  addressLine1: null,
  addressLine2: null,
  addressCity: null,
  addressState: input.taxLocation?.state ?? null,
  addressZip: input.taxLocation?.zip ?? null,
  addressNeedsReview: false,
});

/** The order's columns of who its licences are for (checked: required with a licence line). */
function licenseeColumns(input: CheckoutInput, cart: PricedCart) {
  if (!cart.lines.some((l) => l.kind === 'licence')) return { licenseeName: null, licenseeKind: null };
  if (!input.licensee)
    throw badRequest(`Invalid checkout details: ${licenceMessages.licensee}`, {
      'licensee.name': licenceMessages.licensee,
    });
  return { licenseeName: input.licensee.name, licenseeKind: input.licensee.kind };
}

/** The order's line as stored: a licence line's size is its size's label, its format the licence's name. */
const newLine = (line: PricedCart['lines'][number]): NewLineItem => {
  const none = { printOptionId: null, licenceId: null, downloadSizeId: null, giftCard: null };
  if (line.kind === 'print')
    return {
      ...none,
      kind: 'print',
      photoId: line.photoId,
      printOptionId: line.printOptionId,
      taxable: true,
      quantity: line.quantity,
      priceCents: line.priceCents,
      shippingCents: line.shippingCents,
      title: line.photo.title,
      size: line.printOption.size,
      format: line.printOption.format,
    };
  if (line.kind === 'licence')
    return {
      ...none,
      kind: 'licence',
      photoId: line.photoId,
      licenceId: line.licence.id,
      downloadSizeId: line.size.id,
      taxable: line.taxable,
      quantity: 1,
      priceCents: line.priceCents,
      shippingCents: 0,
      title: line.photo.title,
      size: line.size.label,
      format: line.licence.name,
    };
  // a gift card: its picture is the line's photo; size and format read "$50" and "Gift card"
  return {
    ...none,
    kind: 'gift_card',
    photoId: line.photoId,
    giftCard: {
      amountCents: line.priceCents,
      recipientName: line.recipientName,
      recipientEmail: line.recipientEmail,
      senderName: line.senderName,
      message: line.message,
      sendAt: line.sendAt,
    },
    taxable: false,
    quantity: 1,
    priceCents: line.priceCents,
    shippingCents: 0,
    title: line.photo.title,
    size: `$${line.price}`,
    format: 'Gift card',
  };
};

/** The order's columns of its price: the code as applied, the discount, the tax and how it was taxed. */
function priceColumns(p: PricedOrder) {
  const { subtotalCents, shippingCents, discountCents, taxCents, totalCents } = p.money;
  return {
    subtotalCents,
    shippingCents,
    discountCents,
    taxCents,
    totalCents,
    promotionCode: p.applied?.code ?? null,
    promotionSummary: p.applied?.summary ?? null,
    taxableCents: p.tax?.taxableCents ?? 0,
    taxState: p.tax?.state ?? null,
    taxRate: p.tax?.rate ?? null,
    taxProvider: p.tax?.provider ?? null,
    taxCalculationId: p.tax?.calculationId ?? null,
  };
}

/**
 * The money of a quote or a placed order as the buyer is shown it (dollars), with its lines'
 * labels, the gift cards applied and what is left to pay by card.
 */
function moneyAnswer(p: PricedOrder, tenders: TakenTenders): CheckoutQuote {
  const { promotion, taxLine } = appliedLines(priceColumns(p));
  return {
    giftCards: appliedTenders(tenders.parts),
    amountDue: toDollars(tenders.dueCents),
    subtotal: toDollars(p.money.subtotalCents),
    discount: toDollars(p.money.discountCents),
    shipping: toDollars(p.money.shippingCents),
    tax: toDollars(p.money.taxCents),
    total: toDollars(p.money.totalCents),
    promotion,
    taxLine,
    taxCollected: p.taxCollected,
  };
}

/**
 * The buyer's inputs to the checkout's plug-ins by plug-in name (`HeldOrder.extras`): the one
 * place the request's fields for them are read. The wire keeps the spec's `promotionCode`.
 */
const pluginInputs = (
  input: Pick<CheckoutInput, 'promotionCode' | 'giftCardCodes' | 'amountDue'>,
): CheckoutExtras => ({
  promotions: { code: input.promotionCode ?? null },
  // gift card codes, with the amount due the buyer was shown after her cards (a card paying less
  // now is refused); none entered: no input (a retry without them gives back what it held)
  ...(input.giftCardCodes?.length
    ? {
        'gift-cards': {
          codes: input.giftCardCodes,
          shownDueCents: input.amountDue === undefined ? null : Math.round(input.amountDue * 100),
        },
      }
    : {}),
});

/** The cart's lines' price x quantity by kind, in cents: what a tender may refuse to pay for. */
const linesCentsByKind = (cart: PricedCart): Record<string, number> => {
  const sums: Record<string, number> = {};
  for (const l of cart.lines) sums[l.kind] = (sums[l.kind] ?? 0) + l.priceCents * l.quantity;
  return sums;
};

/** The address tax is computed for: known when it came in parts or could be read. */
const taxAddressOf = (
  a: ReturnType<typeof orderAddress> | ReturnType<typeof noShipping>,
): TaxAddress | null =>
  a.addressState
    ? {
        line1: a.addressLine1,
        line2: a.addressLine2,
        city: a.addressCity,
        state: a.addressState,
        zip: a.addressZip,
      }
    : null;

/** The token of the buyer's order page: 192 random bits, not derived from anything. */
const newStatusToken = () => randomBytes(24).toString('base64url');

/** Checkout: the quote, and the order placed from the cart (orders.service.ts puts it with the rest). */
export function createCheckoutService(ctx: AppContext, repo: OrdersRepository, deps: CheckoutDeps) {
  const { logger } = ctx;

  /**
   * A shop that cannot take payment takes no order: refused (503) before anything is read or
   * written, so no order row is left behind for a payment that can never come.
   */
  const assertTakingOrders = (): void => {
    if (!deps.takingOrders()) throw new AppError('unavailable', messages.notTakingOrders);
  };

  return {
    assertTakingOrders,

    /**
     * Places an order from the visitor's cart as the server holds it, at the catalogue's current
     * prices. The total the buyer was shown (totalAmount) is only checked (half a cent of rounding
     * allowed), never used; lines a client may still send are not read.
     *
     * A retry (a declined card, the details edited, the page reloaded) is the same purchase: when
     * this session already placed an order from this cart that nobody has paid, that order is
     * reused, with the details as now entered and the cart's lines (changed or not) at today's
     * prices; its payment intent follows at create-payment-intent. So the owner sees one row per
     * purchase. One older than UNPAID_ORDER_TTL_HOURS is left to the sweeper and a new one made.
     */
    async checkout(
      input: CheckoutInput,
      cartId: string | null,
      sessionOrderIds: number[] = [],
    ): Promise<CheckoutResult> {
      assertTakingOrders();
      // the spec's check first, as before (a cart of prints needs an address); checked against the cart below
      // an address given is read (and a foreign one refused) before anything else, as always
      const given = input.address || input.shippingAddress !== undefined ? orderAddress(input) : null;
      const cart = await deps.cart.getPricedCart(cartId ?? undefined);
      // neither an address nor a licensee: the spec's address message, as before gift cards (an
      // order of gift cards only, issue 47, asks neither: the cart says which it is)
      const giftCardsOnly = cart.lines.length > 0 && cart.lines.every((l) => l.kind === 'gift_card');
      if (!given && !input.licensee && !giftCardsOnly) throw noAddress();
      // the lines no longer offered are gone from the cart now: the buyer reviews what is left
      if (cart.unavailable) throw conflict(messages.noLongerAvailable);
      if (!cart.lines.length) throw badRequest(messages.emptyCart, { items: messages.emptyCart });
      // an order of licences or gift cards only ships nothing and asks no address
      const ships = cart.lines.some((l) => l.kind === 'print');
      // a cart with a print needs the address (an empty cart's message comes first, as before)
      if (ships && !given) throw noAddress();
      const address = ships ? given! : noShipping(input);
      const licensee = licenseeColumns(input, cart);
      // no address to tax for: the buyer's state and ZIP are asked when the shop collects tax
      if (!ships && !input.taxLocation && cart.lines.some((l) => l.taxable) && (await deps.tax.collects()))
        throw badRequest(`Invalid checkout details: ${messages.state}`, {
          'taxLocation.state': messages.state,
        });
      const lines = cart.lines.map(newLine);
      const retry =
        cartId && (await repo.findRetryable(sessionOrderIds, cartId, ctx.config.UNPAID_ORDER_TTL_HOURS));
      // this session's unpaid attempts: a code's use one of them holds is the buyer's (as in the quote)
      const ownOrderIds = await repo.unpaidAmong(sessionOrderIds);
      const code = input.promotionCode ?? null;
      const priced = await priceOrder(
        cart,
        { code: code ?? undefined, email: input.customerEmail, address: taxAddressOf(address), ownOrderIds },
        deps,
      );
      const { totalCents, taxCents } = priced.money;
      // the buyer saw the total with its tax, or (the spec's client) the cart's total before tax
      const shown = Math.round(input.totalAmount * 100);
      if (Math.abs(shown - totalCents) > 0.5 && Math.abs(shown - (totalCents - taxCents)) > 0.5)
        throw conflict(messages.priceChanged);
      const details = {
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.phone ?? null,
        ...address,
        ...licensee,
        ...priceColumns(priced),
      };
      // The checkout holds (a promotion code's use: checkout-holds.ts, added in src/modules.ts)
      // run in the order's transaction: one that refuses (the code's last use taken meanwhile)
      // leaves this order unwritten.
      const committed: (() => Promise<unknown>)[] = [];
      const extras = pluginInputs(input);
      let taken: TakenTenders = { parts: [], dueCents: totalCents };
      const takeHolds = async (trx: Tx, orderId: number, written: WrittenLine[]) => {
        const held = {
          afterCommit: (fn: () => Promise<unknown>) => void committed.push(fn),
          orderId,
          lines: written,
          email: input.customerEmail,
          extras,
          // read again, locked: an attempt being paid meanwhile keeps what it holds
          ownOrderIds: await repo.lockUnpaidAmong(trx, sessionOrderIds),
          priced,
        };
        await deps.holds.takeAll(trx, held);
        // then the tenders (gift cards): what they pay is taken in this transaction too
        taken = await deps.tenders.takeAll(trx, held, {
          linesCentsByKind: linesCentsByKind(cart),
          ownOrderId: orderId,
        });
        // the buyer was shown what her card would be charged: never more (a card spent meanwhile
        // is refused by its tender with its balance; this is the net under it)
        if (input.amountDue !== undefined && taken.dueCents > Math.round(input.amountDue * 100))
          throw conflict(messages.priceChanged);
      };
      let orderId: number;
      if (retry && (await repo.replaceUnpaid(retry, details, lines, takeHolds))) {
        orderId = retry;
        logger.info({ orderId, totalCents }, 'unpaid order reused for a retry');
      } else {
        orderId = await repo.insertOrder(
          { ...details, cartId, statusToken: newStatusToken() },
          lines,
          takeHolds,
        );
        logger.info({ orderId, totalCents, promotionCode: code, taxCents }, 'order placed');
      }
      for (const fn of committed)
        await fn().catch((err: unknown) => logger.warn({ err, orderId }, 'after a checkout hold failed'));
      // tenders paid it all: paid now, no card (order.paid published once, by payments)
      const paid = taken.dueCents === 0 && taken.parts.length > 0 && (await deps.settleCovered(orderId));
      return { orderId, ...moneyAnswer(priced, taken), paid };
    },

    /**
     * The cart's money with a code and for an address, before the order is placed: nothing is
     * held. A use of the code held by this session's unpaid order is the buyer's, as at checkout.
     */
    async quote(
      input: CheckoutQuoteInput,
      cartId: string | null,
      sessionOrderIds: number[] = [],
    ): Promise<CheckoutQuote> {
      const cart = await deps.cart.getPricedCart(cartId ?? undefined);
      if (!cart.lines.length) throw badRequest(messages.emptyCart, { items: messages.emptyCart });
      const priced = await priceOrder(
        cart,
        {
          code: input.promotionCode,
          email: input.customerEmail,
          address: input.address ? { ...input.address, zip: input.address.zip ?? null } : null,
          ownOrderIds: input.promotionCode ? await repo.unpaidAmong(sessionOrderIds) : [],
        },
        deps,
      );
      // what the tenders would pay now (nothing held); what the attempt a checkout would reuse
      // holds of them is the buyer's
      const retry =
        input.giftCardCodes?.length && cartId
          ? await repo.findRetryable(sessionOrderIds, cartId, ctx.config.UNPAID_ORDER_TTL_HOURS)
          : null;
      const tenders = await deps.tenders.previewAll(pluginInputs(input), priced.money.totalCents, {
        linesCentsByKind: linesCentsByKind(cart),
        ownOrderId: retry || null,
      });
      return moneyAnswer(priced, tenders);
    },
  };
}
