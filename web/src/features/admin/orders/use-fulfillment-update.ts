import { createElement, useState } from 'react';
import { serverMessage } from '../../../lib/api';
import { useToast } from '../../../components/toast';
import { useUpdateFulfillmentStatusMutation, type ShippingDetails } from './api';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ShippingDialog } from './shipping-dialog';
import { capitalize, isCancelable, type FulfillmentStatus } from './order-status';

type Texts = { success: string; fallbackError: string };

/** The list and the detail view word their toasts differently: 'Fulfillment status updated' and 'Status updated'. */
export const LIST_TEXTS: Texts = {
  success: 'Status updated',
  fallbackError: 'Failed to update order fulfillment status.',
};
export const DETAIL_TEXTS: Texts = {
  success: 'Fulfillment status updated',
  fallbackError: 'Failed to update fulfillment status.',
};

/**
 * Sends a fulfillment change at once and reports it in a toast. 'shipped' first asks for the
 * carrier and tracking number (render `shippingDialog`); cancelling it keeps the old status.
 * 'canceled' for an order nobody paid cancels the order itself (its payment too), so it asks
 * first (render `cancelDialog`; `askCancel` opens it from a 'Cancel order' button).
 */
export function useFulfillmentUpdate(texts: Texts, opts: { fullScreen?: boolean } = {}) {
  const toast = useToast();
  const [update, { isLoading }] = useUpdateFulfillmentStatusMutation();
  const [shipping, setShipping] = useState<{
    id: number;
    paymentStatus: string;
    initial?: ShippingDetails;
  } | null>(null);
  const [canceling, setCanceling] = useState<{ id: number; status: string } | null>(null);

  const send = async (id: number, fulfillmentStatus: FulfillmentStatus, details?: ShippingDetails) => {
    try {
      await update({ id, fulfillmentStatus, shipping: details }).unwrap();
      toast({ title: texts.success, description: `Order #${id} is now ${capitalize(fulfillmentStatus)}.` });
    } catch (err) {
      toast({
        title: 'Update failed',
        description: serverMessage(err) ?? texts.fallbackError,
        variant: 'destructive',
      });
    }
  };

  /** `order.status` is its payment status: the ship dialog says when the buyer will not be mailed. */
  const setStatus = async (
    order: { id: number; status: string },
    fulfillmentStatus: FulfillmentStatus,
    initial?: ShippingDetails,
  ) => {
    if (fulfillmentStatus === 'shipped') setShipping({ id: order.id, paymentStatus: order.status, initial });
    else if (fulfillmentStatus === 'canceled' && isCancelable(order.status)) setCanceling(order);
    else await send(order.id, fulfillmentStatus);
  };

  const shippingDialog = createElement(ShippingDialog, {
    orderId: shipping?.id ?? null,
    paymentStatus: shipping?.paymentStatus,
    initial: shipping?.initial,
    fullScreen: opts.fullScreen,
    onCancel: () => setShipping(null),
    onConfirm: (details: ShippingDetails) => {
      const id = shipping!.id;
      setShipping(null);
      void send(id, 'shipped', details);
    },
  });

  const cancelDialog = createElement(CancelOrderDialog, {
    order: canceling,
    onClose: () => setCanceling(null),
  });
  const askCancel = (order: { id: number; status: string }) =>
    setCanceling({ id: order.id, status: order.status });

  return { setStatus, updating: isLoading, shippingDialog, cancelDialog, askCancel };
}
