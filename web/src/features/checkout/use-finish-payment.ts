import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast';
import { useClearCart } from '../cart';
import { handOverConfirmation } from '../order-confirmation';
import { useGetOrderPaymentStatusMutation } from './api';
import { clearCheckout } from './checkout-storage';
import { PAYMENT_REDIRECT_DELAY_MS, type PaymentSession } from './payment-session';

/**
 * The payment step's end: once the provider says paid, the stored checkout and the cart are
 * cleared, the confirmation page gets the order, and the page goes home after a moment.
 * `finishing` is set from then on (the cart that empties next is not an 'Empty Cart' visit).
 */
export function useFinishPayment(session: PaymentSession | null) {
  const toast = useToast();
  const navigate = useNavigate();
  const clearCart = useClearCart();
  const [paid, setPaid] = useState(false);
  const [getPaymentStatus] = useGetOrderPaymentStatusMutation();
  const finishing = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  /** The provider said paid; `orderPageToken` when its answer carried it (the test provider's). */
  const onPaid = useCallback(
    async (orderPageToken?: string | null) => {
      if (finishing.current || !session) return;
      finishing.current = true; // the cart empties next: that is not an 'Empty Cart' visit
      setPaid(true);
      clearCheckout();
      toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
      // Stripe confirms in the browser: our server gives the order page's token to the secret's holder.
      const token =
        orderPageToken !== undefined
          ? Promise.resolve(orderPageToken)
          : getPaymentStatus({ orderId: session.orderId, secret: session.clientSecret })
              .unwrap()
              .then((status) => status.orderPageToken)
              .catch(() => null);
      // empties the list at once, waits at most 1.5 s for the server, never fails
      const [pageToken] = await Promise.all([token, clearCart()]);
      handOverConfirmation({
        orderId: session.orderId,
        email: session.details.customerEmail,
        orderPageToken: pageToken,
      });
      redirectTimer.current = window.setTimeout(() => navigate('/'), PAYMENT_REDIRECT_DELAY_MS);
    },
    [clearCart, getPaymentStatus, navigate, session, toast],
  );

  /**
   * Gift cards paid the whole order at checkout (issue 47: its answer `paid`): no card payment, the
   * same end as a paid card's (the order page's link comes with the e-mail).
   */
  const onPaidAtCheckout = useCallback(
    async (orderId: number, email: string) => {
      if (finishing.current) return;
      finishing.current = true;
      setPaid(true);
      clearCheckout();
      toast({ title: 'Order placed', description: 'Thank you for your purchase!' });
      await clearCart();
      handOverConfirmation({ orderId, email, orderPageToken: null });
      redirectTimer.current = window.setTimeout(() => navigate('/'), PAYMENT_REDIRECT_DELAY_MS);
    },
    [clearCart, navigate, toast],
  );

  return { paid, onPaid, onPaidAtCheckout, finishing };
}
