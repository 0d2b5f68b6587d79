import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart } from '../../lib/api-types';
import type { CheckoutDetails } from './checkout-validation';
import type { PaymentSession } from './payment-session';
import { loadCheckout, saveCheckout } from './checkout-storage';
import { itemCount } from '../cart';

const EMPTY_DETAILS: CheckoutDetails = {
  customerName: '',
  customerEmail: '',
  addressLine1: '',
  addressLine2: '',
  addressCity: '',
  addressState: '',
  addressZip: '',
  phone: '',
  licenseeKind: 'person',
  licenseeName: '',
};

/** A code the server refused after it was applied (see `useCheckoutDetails`). */
export type RefusedCode = { code: string; message: string; n: number; active: boolean };

/**
 * What the buyer has entered on /checkout, kept in this tab's storage (checkout-storage.ts): her
 * details, the payment step (resumed after a reload while the cart is unchanged) and the applied
 * promotion code, with the code the server refused after it was applied.
 */
export function useCheckoutDetails({ cart, isFetching }: { cart: Cart | undefined; isFetching: boolean }) {
  const [details, setDetails] = useState<CheckoutDetails>(EMPTY_DETAILS);
  const [session, setSession] = useState<PaymentSession | null>(null);
  /** The payment step as it was before a reload, resumed once the cart is known to be unchanged. */
  const storedSession = useRef<PaymentSession | null>(null);
  /** The applied promotion code (as the server spelled it); kept in storage with the details. */
  const [promotionCode, setPromotionCode] = useState<string | null>(null);
  /**
   * A code the server refused after it was applied: the summary's field reopens with it and its
   * reason, and (while `active`: until she applies or removes a code) the form says, above its
   * button, that the total is without it, so she never pays without the code unawares.
   */
  const [refusedCode, setRefusedCode] = useState<RefusedCode | null>(null);
  const settleRefusal = useCallback(
    () => setRefusedCode((prev) => (prev?.active ? { ...prev, active: false } : prev)),
    [],
  );
  const codeRef = useRef<string | null>(null);
  useEffect(() => {
    codeRef.current = promotionCode;
  }, [promotionCode]);

  // Read after hydration (the server's HTML has no storage), then kept up to date by the handlers.
  useEffect(() => {
    const stored = loadCheckout();
    if (!stored) return;
    setDetails(stored.details);
    setPromotionCode(stored.promotionCode);
    storedSession.current = stored.session;
  }, []);
  useEffect(() => {
    const resumed = storedSession.current;
    if (!resumed || !cart || isFetching) return;
    storedSession.current = null;
    // The order was placed from this cart: a cart that changed since then starts the payment again.
    // (The order's own total has its discount and tax: the cart's total then is what is compared.)
    if (itemCount(cart) > 0 && Math.abs(cart.total - resumed.cartTotal) < 0.005) setSession(resumed);
    else saveCheckout({ details: resumed.details, session: null, promotionCode: codeRef.current });
  }, [cart, isFetching]);

  const changeDetails = useCallback((values: CheckoutDetails) => {
    setDetails(values);
    saveCheckout({ details: values, session: null, promotionCode: codeRef.current });
  }, []);
  const startPayment = useCallback((next: PaymentSession) => {
    setSession(next);
    saveCheckout({ details: next.details, session: next, promotionCode: codeRef.current });
  }, []);
  const editDetails = useCallback(() => {
    setSession(null);
    saveCheckout({ details, session: null, promotionCode: codeRef.current });
  }, [details]);
  const changeCode = useCallback(
    (code: string | null) => {
      codeRef.current = code;
      setPromotionCode(code);
      saveCheckout({ details, session: null, promotionCode: code });
    },
    [details],
  );
  /**
   * The server refused the applied code (on a later quote, or when the order was placed): it goes,
   * and the code field opens with it and the reason under it, where she typed it.
   */
  const codeRefused = useCallback(
    (message: string) => {
      const code = codeRef.current;
      changeCode(null);
      if (code) setRefusedCode((prev) => ({ code, message, n: (prev?.n ?? 0) + 1, active: true }));
    },
    [changeCode],
  );

  return {
    details,
    session,
    promotionCode,
    refusedCode,
    changeDetails,
    startPayment,
    editDetails,
    changeCode,
    codeRefused,
    settleRefusal,
  };
}
