import { serverMessage } from '../../../app/api';
import { useToast } from '../../../components/toast';
import { useUpdateFulfillmentStatusMutation } from './api';
import { capitalize, type FulfillmentStatus } from './order-status';

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

/** Sends a fulfillment change at once and reports it in a toast. */
export function useFulfillmentUpdate(texts: Texts) {
  const toast = useToast();
  const [update, { isLoading }] = useUpdateFulfillmentStatusMutation();

  const setStatus = async (id: number, fulfillmentStatus: FulfillmentStatus) => {
    try {
      await update({ id, fulfillmentStatus }).unwrap();
      toast({ title: texts.success, description: `Order #${id} is now ${capitalize(fulfillmentStatus)}.` });
    } catch (err) {
      toast({
        title: 'Update failed',
        description: serverMessage(err) ?? texts.fallbackError,
        variant: 'destructive',
      });
    }
  };

  return { setStatus, updating: isLoading };
}
