export {
  useCartState,
  useCartQuery,
  loadCart,
  refetchCart,
  openCart,
  addCartGiftCard,
  closeCart,
  CLEAR_CART_WAIT_MS,
  type CartState,
} from './cart-store';
export { useAddToCart, useClearCart } from './use-cart-actions';
export { CartPanelHost } from './cart-panel-host';
export { CartButton } from './cart-button';
export { cartCountLabel, itemCount } from './cart-count';
export { CART_TOASTS, cartErrorToast } from './cart-error-toast';
