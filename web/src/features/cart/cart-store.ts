import { useEffect, useSyncExternalStore } from 'react';
import type { AddGiftCardInput, AddLicenceToCartInput } from '@contract';
import type { Cart, NewCartLine } from '../../lib/api-types';
import { apiFetch } from '../../lib/api-fetch';

/**
 * The visitor's cart, kept outside React: the header's button, the cart panel and 'Add to Cart'
 * are separate React roots on a storefront page (web/src/islands), and the checkout app reads the
 * same store. Every cart write answers the whole cart, which replaces what is shown and goes to
 * the visitor's other tabs (a BroadcastChannel), so a print added in one tab is counted in all.
 */
export type CartState = {
  cart: Cart | undefined;
  /** idle: not asked yet; loading: the first answer is awaited; error: the last read failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A read is in flight (the first or a later one). */
  fetching: boolean;
  /** The cart panel is open. */
  open: boolean;
  /** An add is in flight. */
  adding: boolean;
  /** Lines with a change in flight. */
  busyLines: readonly number[];
};

const INITIAL: CartState = {
  cart: undefined,
  status: 'idle',
  fetching: false,
  open: false,
  adding: false,
  busyLines: [],
};

let state = INITIAL;
const listeners = new Set<() => void>();

function set(patch: Partial<CartState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The cart as it is now, re-rendering on each change (the server's render: not loaded yet). */
export function useCartState(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

export const getCartState = (): CartState => state;

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('wildframe-cart');
channel?.addEventListener('message', (event: MessageEvent<{ cart?: Cart }>) => {
  if (event.data?.cart) set({ cart: event.data.cart, status: 'ready' });
});

/** A cart the server answered: shown here and in the visitor's other tabs. */
function received(cart: Cart): Cart {
  set({ cart, status: 'ready' });
  channel?.postMessage({ cart });
  return cart;
}

let reading: Promise<void> | null = null;

/** Reads the cart from the server (again); a read already in flight is shared. */
export function refetchCart(): Promise<void> {
  reading ??= (async () => {
    set({ fetching: true, status: state.status === 'idle' ? 'loading' : state.status });
    try {
      set({ cart: await apiFetch<Cart>('/cart'), status: 'ready' });
    } catch (err) {
      console.warn('Loading the cart failed', err);
      set({ status: 'error' });
    } finally {
      reading = null;
      set({ fetching: false });
    }
  })();
  return reading;
}

/** The first read, once per page (later calls do nothing). */
export function loadCart(): void {
  if (state.status === 'idle') void refetchCart();
}

// A page restored from the back-forward cache shows the cart as it was when left: read it again.
if (typeof window !== 'undefined')
  window.addEventListener('pageshow', (event) => event.persisted && void refetchCart());

export const openCart = (): void => set({ open: true });
export const closeCart = (): void => set({ open: false });

/** Adds a line; rejects with the ApiError of a refused or failed add. */
export async function addCartLine(line: NewCartLine): Promise<Cart> {
  set({ adding: true });
  try {
    return received(await apiFetch<Cart>('/cart', { method: 'POST', body: line }));
  } finally {
    set({ adding: false });
  }
}

/** A licence of a photo in a download size (issue 46): one line, priced by the server. */
export async function addCartLicence(line: AddLicenceToCartInput): Promise<Cart> {
  set({ adding: true });
  try {
    return received(await apiFetch<Cart>('/cart/licences', { method: 'POST', body: line }));
  } finally {
    set({ adding: false });
  }
}

/** A gift card for someone (issue 47): one line; rejects with the ApiError (a 400's `errors` by field). */
export async function addCartGiftCard(card: AddGiftCardInput): Promise<Cart> {
  set({ adding: true });
  try {
    return received(await apiFetch<Cart>('/cart/gift-cards', { method: 'POST', body: card }));
  } finally {
    set({ adding: false });
  }
}

async function changeLine(id: number, request: Promise<Cart>): Promise<Cart> {
  set({ busyLines: [...state.busyLines, id] });
  try {
    return received(await request);
  } finally {
    set({ busyLines: state.busyLines.filter((line) => line !== id) });
  }
}

export const setLineQuantity = (id: number, quantity: number): Promise<Cart> =>
  changeLine(id, apiFetch<Cart>(`/cart/${id}`, { method: 'PUT', body: { quantity } }));

export const removeCartLine = (id: number): Promise<Cart> =>
  changeLine(id, apiFetch<Cart>(`/cart/${id}`, { method: 'DELETE' }));

/** Clearing waits at most this long for the server before reporting done. */
export const CLEAR_CART_WAIT_MS = 1500;

const EMPTY_CART: Cart = {
  items: [],
  licences: [],
  giftCards: [],
  count: 0,
  subtotal: 0,
  shipping: 0,
  total: 0,
};

/**
 * Empties the cart: the list at once (here and in other tabs), then the server call, waiting at
 * most 1.5 s. Always resolves: clearing never blocks the buyer.
 */
export async function clearCart(): Promise<void> {
  received(EMPTY_CART);
  const request = apiFetch('/cart', { method: 'DELETE' }).catch((err: unknown) =>
    console.warn('Clearing the cart failed', err),
  );
  await Promise.race([request, new Promise((resolve) => setTimeout(resolve, CLEAR_CART_WAIT_MS))]);
}

/** The cart for a page that needs it loaded (checkout), in RTK Query's words. */
export function useCartQuery() {
  const { cart, status, fetching } = useCartState();
  useEffect(loadCart, []);
  return {
    data: cart,
    isSuccess: status === 'ready',
    isFetching: fetching,
    isError: status === 'error',
    refetch: refetchCart,
  };
}
