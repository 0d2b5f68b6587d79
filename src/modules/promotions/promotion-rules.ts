import { promotionMessages as messages, type PromotionKind } from '../../contract';
import { formatCents } from '../../platform/money';

/** What a code gives and to what: the pure part of a promotion code (no dates or counts). */
export type PromotionRule = {
  kind: PromotionKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number;
  /** Only these photos / formats (empty: all). */
  photoIds: readonly number[];
  formats: readonly string[];
};

/** A cart line as the rules see it. */
export type RuleLine = {
  photoId: number;
  format: string;
  priceCents: number;
  quantity: number;
  shippingCents: number;
  /**
   * false: no code covers the line, and it does not count toward a code's minimum (a gift card,
   * issue 47: money, not goods). Absent: true.
   */
  discountable?: boolean;
};

export type Discount = {
  /** Off the prints. */
  goodsCents: number;
  /** Off the shipping (free shipping). */
  shippingCents: number;
  /** The goods' discount split over the lines (same order as the input; 0 on lines it does not cover). */
  perLineGoodsCents: number[];
  /** Each line's shipping discount. */
  perLineShippingCents: number[];
};

export type DiscountResult = { ok: true; discount: Discount } | { ok: false; message: string };

const eligible = (rule: PromotionRule, line: RuleLine) =>
  line.discountable !== false &&
  (rule.photoIds.length === 0 || rule.photoIds.includes(line.photoId)) &&
  (rule.formats.length === 0 || rule.formats.some((f) => f.toLowerCase() === line.format.toLowerCase()));

/**
 * Splits `total` cents over `weights` in proportion, each share whole cents, the shares adding up to
 * `total` exactly (largest remainder; ties to the earlier line).
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The discount a code gives on these lines: percent off (rounded to the cent, half up) or an amount
 * off (at most what the covered prints cost) of the prints it covers, or their shipping (free
 * shipping). The minimum is on the whole cart's subtotal; a code covering no line is refused.
 */
export function discountFor(rule: PromotionRule, lines: readonly RuleLine[]): DiscountResult {
  const subtotal = lines.reduce((s, l) => s + (l.discountable === false ? 0 : l.priceCents * l.quantity), 0);
  if (subtotal < rule.minSubtotalCents)
    return { ok: false, message: messages.minimum(formatCents(rule.minSubtotalCents)) };
  const covered = lines.map((l) => eligible(rule, l));
  if (!covered.some(Boolean)) return { ok: false, message: messages.notForItems };
  const goodsWeights = lines.map((l, i) => (covered[i] ? l.priceCents * l.quantity : 0));
  const coveredGoods = goodsWeights.reduce((a, b) => a + b, 0);
  const none = lines.map(() => 0);
  if (rule.kind === 'free_shipping') {
    const perLineShippingCents = lines.map((l, i) => (covered[i] ? l.shippingCents : 0));
    return {
      ok: true,
      discount: {
        goodsCents: 0,
        shippingCents: perLineShippingCents.reduce((a, b) => a + b, 0),
        perLineGoodsCents: none,
        perLineShippingCents,
      },
    };
  }
  const goodsCents =
    rule.kind === 'percent'
      ? Math.floor((coveredGoods * (rule.percentOff ?? 0) + 50) / 100)
      : Math.min(rule.amountOffCents ?? 0, coveredGoods);
  return {
    ok: true,
    discount: {
      goodsCents,
      shippingCents: 0,
      perLineGoodsCents: splitCents(goodsCents, goodsWeights),
      perLineShippingCents: none,
    },
  };
}

/** "20% off", "$5.00 off", "Free shipping", with what limits it: shown to the buyer and the owner. */
export function describeRule(rule: PromotionRule): string {
  const what =
    rule.kind === 'percent'
      ? `${rule.percentOff}% off`
      : rule.kind === 'amount'
        ? `${formatCents(rule.amountOffCents ?? 0)} off`
        : 'Free shipping';
  const limits: string[] = [];
  if (rule.photoIds.length)
    limits.push(`${rule.photoIds.length} selected photo${rule.photoIds.length === 1 ? '' : 's'}`);
  if (rule.formats.length) limits.push(rule.formats.join(', '));
  const scope = limits.length ? ` (${limits.join('; ')})` : '';
  const min = rule.minSubtotalCents > 0 ? `, orders of ${formatCents(rule.minSubtotalCents)} or more` : '';
  return `${what}${scope}${min}`;
}
