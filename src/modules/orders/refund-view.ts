import type { RefundView } from '../../contract';

/**
 * How orders read refunds. The payments module owns refunds and provides this; it is declared
 * here, where orders show refunds, because payments already depends on orders (declared in
 * payments, the two modules would import each other).
 */
export type RefundsReader = {
  refundsFor(orderIds: number[]): Promise<RefundView[]>;
  findRefund(id: number): Promise<RefundView | null>;
};
