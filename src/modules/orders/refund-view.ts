/**
 * What the admin and the buyer see of a refund. The payments module owns refunds and fills this
 * shape; it is declared here, where orders show refunds, because payments already depends on
 * orders (declared in payments, the two modules would import each other).
 */
export type RefundView = {
  id: number;
  orderId: number;
  amount: number;
  reason: string;
  note: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
};

/** How orders read refunds; the payments service provides it. */
export type RefundsReader = {
  refundsFor(orderIds: number[]): Promise<RefundView[]>;
  findRefund(id: number): Promise<RefundView | null>;
};
