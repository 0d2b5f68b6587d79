export {
  cartApi,
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
} from './api';
export { cartUi, openCart, closeCart, toggleCart, selectCartOpen, type CartUiState } from './cart-ui-slice';
export { useAddToCart, useClearCart, CLEAR_CART_WAIT_MS } from './use-cart-actions';
export { CartPanelHost } from './cart-panel-host';
export { CartButton } from './cart-button';
export { cartCountLabel, itemCount } from './cart-count';
export { CART_TOASTS } from './cart-error-toast';
