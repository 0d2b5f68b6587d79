import { describe, expect, it } from 'vitest';
import { cartUi, closeCart, openCart, toggleCart } from './cart-ui-slice';

describe('cartUi slice', () => {
  it('opens, closes and toggles the cart panel', () => {
    let state = cartUi.reducer(undefined, { type: 'init' });
    expect(state.open).toBe(false);
    state = cartUi.reducer(state, openCart());
    expect(state.open).toBe(true);
    state = cartUi.reducer(state, toggleCart());
    expect(state.open).toBe(false);
    state = cartUi.reducer(state, toggleCart());
    state = cartUi.reducer(state, closeCart());
    expect(state.open).toBe(false);
  });
});
