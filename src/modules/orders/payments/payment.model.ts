// The payment records beside the order: its refunds and the provider's events. The payment
// columns of the order itself are on Order (../order.model.ts).
import { BaseModel } from '../../../platform/model';
import type { PaymentEvent } from './payment-provider';

/** A dispute as recorded on the order and in its event's detail (the due date as ISO text). */
export type DisputeState = {
  id: string;
  status: string;
  reason: string;
  amountCents: number;
  dueBy: string | null;
};

/** One refund of an order: made here (keyed by the admin's idempotency key) or at the provider. */
export class Refund extends BaseModel {
  static tableName = 'order_refunds';

  declare id: number;
  declare orderId: number;
  declare amountCents: number;
  declare reason: string;
  declare note: string | null;
  declare status: 'pending' | 'succeeded' | 'failed';
  declare providerRefundId: string | null;
  declare idempotencyKey: string | null;
  /** The licence lines this refund revokes (issue 46), carried by order.refunded. */
  declare revokeLineIds: number[];
  /** The part given back to the order's tenders (gift cards), not the provider's (issue 47). */
  declare tendersCents: number;
  declare createdAt: Date;
  declare succeededAt: Date | null;
}

/** A provider's event, recorded once by its id and processed (reconciled) once. */
export class PaymentEventRecord extends BaseModel {
  static tableName = 'payment_events';
  static jsonAttributes = ['payload', 'detail'];

  declare id: number;
  declare provider: string;
  declare eventId: string;
  declare type: string;
  declare paymentIntentId: string | null;
  declare orderId: number | null;
  declare orderIdHint: number | null;
  declare kind: PaymentEvent['kind'];
  /** For kind 'dispute': the dispute as the event told it. */
  declare detail: DisputeState | null;
  /** The provider's event as it came, for the record. */
  declare payload: unknown;
  declare receivedAt: Date;
  declare processedAt: Date | null;
}
